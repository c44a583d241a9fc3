/**
 * Every environment variable the code reads is in a docs table, and every variable a docs table
 * lists is read by the code. The tables are those whose first column is headed `Variable`:
 * docs/configuration.md (fw-core's and the fw command's), docs/telemetry.md (`OTEL_*`),
 * docs/blog-api.md (the blog's) and docs/operations.md (a deployment's summary).
 *
 * The code is packages/* /src and examples/* /src, read as the code reads variables:
 * `env.NAME` (upper case: `env.logger` is a plugin's init context), `process.env.name`,
 * `env['NAME']`, destructuring (`const { A, b } = process.env`), and, in a file whose reader is
 * a helper over `env[name]` (fw-core's otel/env-config.ts: `get('OTEL_…')` and its table of
 * TLS variables), every upper-case string literal with an underscore that is not an error code.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

/** The .ts files under `dir`, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The code without comments (a `//` inside a string such as 'http://' is kept). */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** The variables one source text reads. */
export function variablesRead(code: string): Set<string> {
  const text = withoutComments(code);
  const names = new Set<string>();
  for (const m of text.matchAll(/\bprocess\.env\??\.([A-Za-z_][A-Za-z0-9_]*)/g)) names.add(m[1]!);
  for (const m of text.matchAll(/\benv\??\.([A-Z][A-Z0-9_]*)\b/g)) names.add(m[1]!);
  for (const m of text.matchAll(/\benv\??\.?\[\s*['"]([^'"]+)['"]\s*\]/g)) names.add(m[1]!);
  for (const m of text.matchAll(/\{([^{}]*)\}\s*=\s*(?:process\.)?env\b/g)) {
    for (const part of m[1]!.split(',')) {
      const name = /^\s*([A-Za-z_][A-Za-z0-9_]*)/.exec(part)?.[1];
      if (name !== undefined) names.add(name);
    }
  }
  if (/\benv\??\.?\[(?!\s*['"])/.test(text)) {
    for (const m of text.matchAll(/['"]([A-Z][A-Z0-9]*_[A-Z0-9_]+)['"]/g)) if (!m[1]!.startsWith('FW_ERR_')) names.add(m[1]!);
  }
  return names;
}

function codeVariables(): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const group of ['packages', 'examples']) {
    for (const pkg of readdirSync(join(root, group))) {
      let files: string[];
      try {
        files = sources(join(root, group, pkg, 'src'));
      } catch {
        continue;
      }
      for (const file of files) {
        for (const name of variablesRead(readFileSync(file, 'utf8'))) byName.set(name, [...(byName.get(name) ?? []), file.slice(root.length)]);
      }
    }
  }
  return byName;
}

/** The backquoted names of the first column of every `| Variable |` table of `text`. */
export function tableVariables(text: string): Set<string> {
  const names = new Set<string>();
  let inTable = false;
  for (const line of text.split('\n')) {
    if (/^\|\s*Variable\s*\|/.test(line)) inTable = true;
    else if (!line.startsWith('|')) inTable = false;
    else if (inTable) {
      const first = line.split('|')[1] ?? '';
      for (const m of first.matchAll(/`([A-Za-z_][A-Za-z0-9_]*)`/g)) names.add(m[1]!);
    }
  }
  return names;
}

function docsVariables(): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const name of readdirSync(join(root, 'docs')).filter((file) => file.endsWith('.md'))) {
    for (const variable of tableVariables(readFileSync(join(root, 'docs', name), 'utf8'))) byName.set(variable, [...(byName.get(variable) ?? []), `docs/${name}`]);
  }
  return byName;
}

describe('environment variables: code and docs tables', () => {
  const read = codeVariables();
  const documented = docsVariables();

  it('finds what the code reads, fw-core, fw-cli and the blog', () => {
    for (const name of ['PORT', 'FW_CONFIG', 'OTEL_SERVICE_NAME', 'FW_OTEL_REDACT_QUERY_PARAMETERS', 'INIT_CWD', 'METRICS_PORT', 'REDIS_URL']) assert.ok(read.has(name), name);
  });

  it('every variable the code reads is in a docs table', () => {
    const missing = [...read].filter(([name]) => !documented.has(name)).map(([name, files]) => `${name} (read in ${files.join(', ')})`);
    assert.deepEqual(missing, []);
  });

  it('every variable a docs table lists is read by the code', () => {
    const unread = [...documented].filter(([name]) => !read.has(name)).map(([name, docs]) => `${name} (listed in ${docs.join(', ')})`);
    assert.deepEqual(unread, []);
  });

  it("docs/blog-api.md's table lists every variable the blog's own code reads", () => {
    const blog = [...read].filter(([, files]) => files.some((file) => file.startsWith('examples/blog/'))).map(([name]) => name);
    const listed = tableVariables(readFileSync(join(root, 'docs/blog-api.md'), 'utf8'));
    assert.deepEqual(blog.filter((name) => !listed.has(name)), []);
  });

  it('reads the ways code reads variables, and the docs tables', () => {
    const code = `const { A_B, npm_x: y } = process.env; env.LOGGER; env.logger; env['C']; process.env.d; // env.E\n/* env.F */ const u = 'http://x';`;
    assert.deepEqual([...variablesRead(code)].sort(), ['A_B', 'C', 'LOGGER', 'd', 'npm_x']);
    const helper = "const get = (name) => env[name]; get('OTEL_X_Y'); bad('FW_ERR_Z'); tls(get, 'TRACES');";
    assert.deepEqual([...variablesRead(helper)], ['OTEL_X_Y']);
    const doc = '| Variable | Effect |\n|---|---|\n| `A`, `B_C` | x `D` |\n\n| Key | Effect |\n|---|---|\n| `E` | y |\n';
    assert.deepEqual([...tableVariables(doc)], ['A', 'B_C']);
  });
});
