/** The deployment's fw.config.json that docs/operations.md shows, as the deploy tests run it. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fencedBlocks } from '../../support/markdown-fences.ts';
import { OPERATIONS_GUIDE } from './balancer-configs.ts';

/** The guide's one JSON block, parsed: a fresh object each call, for a test to change. */
export function guideConfig(): any {
  const blocks = fencedBlocks('docs/operations.md', readFileSync(OPERATIONS_GUIDE, 'utf8')).filter((block) => block.info[0] === 'json');
  assert.equal(blocks.length, 1, 'docs/operations.md shows one JSON block, the deployment configuration file');
  return JSON.parse(blocks[0]!.code);
}
