/**
 * docs/operations.md's systemd template runs several instances on one machine: each instance it
 * makes gets a listener port and a metrics port of its own (two instances on one METRICS_PORT:
 * the second stops start-up with FW_ERR_OTEL_METRICS_LISTEN, as an operator's trial found).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fencedBlocks } from './support/markdown-fences.ts';

const file = 'docs/operations.md';
const text = readFileSync(join(fileURLToPath(new URL('../', import.meta.url)), file), 'utf8');
const unit = fencedBlocks(file, text).find((block) => block.info[0] === 'ini' && block.code.includes('blog@.service'))!;

/** What the unit sets for one instance: its `Environment=` variables and the `EnvironmentFile=` paths, `%i` expanded. */
function instance(name: string): { readonly env: Record<string, string>; readonly files: string[] } {
  const lines = unit.code.split('\n').map((line) => line.replaceAll('%i', name));
  const env = Object.fromEntries(lines.flatMap((line) => {
    const set = /^Environment=(\w+)=(.*)$/.exec(line);
    return set === null ? [] : [[set[1]!, set[2]!]];
  }));
  const files = lines.flatMap((line) => /^EnvironmentFile=-?(\S+)$/.exec(line)?.[1] ?? []);
  return { env, files };
}

it('the systemd template gives each instance its own PORT and its own METRICS_PORT source', () => {
  assert.ok(unit, 'the blog@.service listing');
  const [a, b] = [instance('8080'), instance('8081')];
  assert.equal(a.env.PORT, '8080');
  assert.equal(b.env.PORT, '8081');
  // METRICS_PORT comes from the instance's own file: one path per instance, and the page says what it holds.
  const own = a.files.filter((path) => !b.files.includes(path));
  assert.equal(own.length, 1, `a per-instance EnvironmentFile (${a.files.join(', ')})`);
  assert.ok(!('METRICS_PORT' in a.env), 'no shared METRICS_PORT in the template');
  const base = own[0]!.slice(own[0]!.lastIndexOf('/') + 1);
  assert.match(unit.code, new RegExp(`METRICS_PORT=9464 in ${base.replace('.', '\\.')}`), 'the unit says what the instance file holds');
});
