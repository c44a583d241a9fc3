/**
 * bench/startup.bench.ts holds fw's start-up to Hono's on the guide's bookmarks app; the ratio is
 * fair only while the Hono twin (bench/startup/hono-bookmarks.ts) is the same app: the same
 * routes, schemas checked, answers. Both are started as the bench starts them (the guide's project
 * written out, LOG_LEVEL=warn) and walked through the guide's routes, valid and invalid: every
 * status and body must match (content types differ only by fw's `charset=utf-8`). Each invalid request has one
 * issue: where there are several, fw lists them all and the twin the first (the twin's header says why).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fwGuideArgs, honoGuideArgs, writeGuideProject } from '../bench/startup/guide-project.ts';

/** Starts `node args` in `dir` on port 0 and resolves with the child and its URL, read from the line it prints. */
async function start(dir: string, args: readonly string[]): Promise<{ child: ChildProcess; url: string }> {
  const { npm_command: _command, INIT_CWD: _initCwd, ...inherited } = process.env;
  const child = spawn(process.execPath, args, { cwd: dir, env: { ...inherited, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', METRICS_PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  for await (const chunk of child.stdout!) {
    out += String(chunk);
    const url = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    if (url !== undefined) return { child, url };
  }
  throw new Error(`${args.join(' ')} printed no URL: ${out}`);
}

/** The guide's routes, each request once, in an order that creates, reads, changes and deletes a bookmark. */
const WALK: readonly [method: string, path: string, body?: unknown][] = [
  ['GET', '/bookmarks?limit=1'],
  ['GET', '/bookmarks?limit=abc'],
  ['POST', '/bookmarks', { url: 'https://example.com/a', title: 'A', tags: ['x'] }],
  ['POST', '/bookmarks', { url: 5, title: 'A' }],
  ['POST', '/bookmarks', { title: 'no url' }],
  ['GET', '/bookmarks?tag=x'],
  ['GET', '/bookmarks/1'],
  ['GET', '/bookmarks/zero'],
  ['PATCH', '/bookmarks/1', { title: 'B' }],
  ['DELETE', '/bookmarks/1'],
  ['GET', '/bookmarks/1'],
];

async function walk(url: string): Promise<string[]> {
  const seen: string[] = [];
  for (const [method, path, body] of WALK) {
    const init: RequestInit = body === undefined ? { method } : { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
    const response = await fetch(`${url}${path}`, init);
    seen.push(`${method} ${path} ${response.status} ${response.headers.get('content-type')?.replace('; charset=utf-8', '') ?? '-'} ${await response.text()}`);
  }
  return seen;
}

describe('the start-up bench contenders', () => {
  it("answer the guide's routes alike on fw and on the Hono twin, schemas checked on both", async () => {
    const root = mkdtempSync(join(tmpdir(), 'fw-startup-contenders-'));
    const dir = join(root, 'bookmarks');
    const children: ChildProcess[] = [];
    try {
      writeGuideProject(dir);
      const answers: string[][] = [];
      for (const args of [fwGuideArgs(), honoGuideArgs(dir)]) {
        const { child, url } = await start(dir, args);
        children.push(child);
        answers.push(await walk(url));
      }
      const [fw, hono] = answers;
      assert.deepEqual(hono, fw);
      assert.deepEqual(fw?.map((line) => Number(line.split(' ')[2])), [200, 400, 201, 400, 400, 200, 200, 400, 200, 204, 404]);
    } finally {
      for (const child of children) {
        const exited = once(child, 'exit');
        child.kill('SIGKILL'); // as the bench stops them; SIGTERM would wait out fw's 5 s drain
        await exited;
      }
      rmSync(root, { recursive: true, force: true });
    }
  });
});
