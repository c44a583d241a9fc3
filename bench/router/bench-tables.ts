/**
 * The tables bench/router.bench.ts times, in its report's order (TABLES picks by position from 1), query
 * strings cut; and the ones it also times with their query strings (fw against find-my-way).
 * tests/bench-contenders-router.test.ts checks every router's answers on the same tables.
 */
import { singleHost, withoutQueries } from './variants.ts';
import { blogTable } from '../tables/blog-table.ts';
import { commerceTable } from '../tables/commerce-table.ts';
import { githubTable } from '../tables/github-table.ts';
import { missHeavy } from '../tables/miss-heavy.ts';

/** Routing alone: the blog, GitHub-like on three hosts and on one, commerce, and two miss-heavy mixes. */
export const ROUTING_TABLES = [
  blogTable,
  githubTable,
  singleHost(githubTable, 'api.example.com'),
  commerceTable,
  missHeavy(blogTable, 31),
  missHeavy(commerceTable, 37),
].map(withoutQueries);

/** The tables timed with their query strings. */
export const QUERY_TABLES = [blogTable, githubTable, commerceTable];
