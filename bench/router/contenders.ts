/** Every router the router bench runs, fw first. */
import type { Contender } from './contender.ts';
import { findMyWay } from './contenders/find-my-way.ts';
import { fw } from './contenders/fw.ts';
import { honoRegExp, honoTrie } from './contenders/hono.ts';
import { memoirist } from './contenders/memoirist.ts';
import { rou3, rou3Compiled } from './contenders/rou3.ts';

/** fw, then its peers. */
export const CONTENDERS: readonly Contender[] = [fw, findMyWay, rou3, rou3Compiled, memoirist, honoRegExp, honoTrie];
