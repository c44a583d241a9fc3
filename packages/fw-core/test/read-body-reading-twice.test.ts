import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { IncomingMessage } from 'node:http';
import { once } from 'node:events';
import { isFwError } from '../src/errors.ts';
import { readBody } from '../src/http/read-body.ts';
import { startReadBodyServer } from './support/plugin-harness.ts';

describe('readBody can be called more than once per request', () => {
  it('gives the second caller the very same buffer', async () => {
    let first: Buffer | undefined;
    const server = await startReadBodyServer(100, async (raw) => {
      first = await readBody(raw, 100);
    });
    try {
      const res = await fetch(server.url, { method: 'POST', body: 'hello' });
      assert.deepEqual(await res.json(), { length: 5 });
      const read = await server.nextRead();
      assert.ok('bytes' in read);
      assert.equal(read.bytes, first);
      assert.equal(read.bytes.toString(), 'hello');
    } finally {
      await server.close();
    }
  });

  it('shares one read between concurrent callers', async () => {
    let concurrent: Promise<Buffer> | undefined;
    const server = await startReadBodyServer(100, (raw) => {
      concurrent = readBody(raw, 100);
    });
    try {
      const res = await fetch(server.url, { method: 'POST', body: 'hello' });
      assert.deepEqual(await res.json(), { length: 5 });
      const read = await server.nextRead();
      assert.ok('bytes' in read);
      assert.equal(read.bytes, await concurrent);
    } finally {
      await server.close();
    }
  });

  it('applies a second caller\'s smaller limit to the stored body', async () => {
    const server = await startReadBodyServer(3, async (raw) => {
      await readBody(raw, 100);
    });
    try {
      const res = await fetch(server.url, { method: 'POST', body: 'hello' });
      assert.equal(res.status, 413);
      const read = await server.nextRead();
      assert.ok('error' in read);
      assert.equal(read.error.code, 'FW_ERR_BODY_TOO_LARGE');
      assert.deepEqual(read.error.details, { limit: 3, received: 5 });
    } finally {
      await server.close();
    }
  });

  it('refuses with a coded 500 when someone else consumed the body', async () => {
    const server = await startReadBodyServer(100, async (raw: IncomingMessage) => {
      for await (const chunk of raw) void chunk;
    });
    try {
      const res = await fetch(server.url, { method: 'POST', body: 'hello' });
      assert.equal(res.status, 500);
      assert.deepEqual(await res.json(), { code: 'FW_ERR_BODY_ALREADY_CONSUMED' });
      const read = await server.nextRead();
      assert.ok('error' in read && isFwError(read.error, 'FW_ERR_BODY_ALREADY_CONSUMED'));
      assert.equal(read.error.expose, false);
    } finally {
      await server.close();
    }
  });

  it('gives an empty buffer when a bodiless request was already drained', async () => {
    const server = await startReadBodyServer(100, async (raw: IncomingMessage) => {
      raw.resume();
      if (!raw.readableEnded) await once(raw, 'end');
    });
    try {
      const res = await fetch(server.url);
      assert.deepEqual(await res.json(), { length: 0 });
    } finally {
      await server.close();
    }
  });
});
