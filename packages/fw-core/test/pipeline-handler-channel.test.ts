/**
 * fw publishes `tracingChannel('fw.request.handler')` of node:diagnostics_channel around each
 * handler call, so an APM agent can subscribe without wrapping anything: start and end around
 * the call, asyncStart and asyncEnd when a returned promise (or thenable) settles, error on a throw or a
 * rejection, with the request and its exchange in the context.
 */
import assert from 'node:assert/strict';
import { tracingChannel } from 'node:diagnostics_channel';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { inject } from '../src/inject/inject.ts';
import { silentLogger } from '../src/log/logger.ts';
import type { HandlerChannelContext } from '../src/pipeline/stages.ts';
import { createListener, type FwListener } from '../src/server/create-listener.ts';
import { testApp, writeTestAppDir } from './support/test-app.ts';

const events: string[] = [];
const record = (name: string) => (message: unknown) => {
  const context = message as HandlerChannelContext;
  const outcome = context.error instanceof Error ? `error=${context.error.message}` : context.result === undefined ? '' : `status=${context.result.status}`;
  events.push(`${name} ${context.req.path} route=${context.exchange.route?.template} id=${context.exchange.id === context.req.id} ${outcome}`.trim());
};
const subscriber = { start: record('start'), end: record('end'), asyncStart: record('asyncStart'), asyncEnd: record('asyncEnd'), error: record('error') };

let fw: FwListener;

/** The events of `requests` (path → the status it answers), injected one after the other while `subscriber` listens. */
async function traced(requests: Readonly<Record<string, number>>): Promise<string[]> {
  const channel = tracingChannel('fw.request.handler');
  channel.subscribe(subscriber);
  events.length = 0;
  try {
    for (const [path, status] of Object.entries(requests)) assert.equal((await inject(fw, path)).status, status, path);
  } finally {
    channel.unsubscribe(subscriber);
  }
  return events;
}

describe('the fw.request.handler tracing channel', () => {
  before(async () => {
    const spec = {
      groups: [
        {
          prefix: '',
          security: false as const,
          routes: [
            { path: '/sync/:id', handler: () => json({ ok: true }, 201) },
            { path: '/async', handler: async () => json({ ok: true }, 202) },
            { path: '/throws', handler: () => { throw new Error('boom'); } },
            { path: '/rejects', handler: async () => { throw new Error('later'); } },
            // Not a Promise, yet a thenable fw awaits (http/response.ts, isThenable): traced as one.
            { path: '/thenable', handler: () => ({ then: (settle: (value: unknown) => void) => void setImmediate(settle, json({ ok: true }, 203)) }) as never },
            { path: '/thenable-rejects', handler: () => ({ then: (_: unknown, reject: (reason: unknown) => void) => void setImmediate(reject, new Error('not yet')) }) as never },
          ],
        },
      ],
    };
    fw = await createListener({ appDir: await writeTestAppDir({}), app: testApp(spec), env: {}, logger: silentLogger });
  });
  after(() => fw.close());

  it('costs nothing and publishes nothing while nobody subscribes', async () => {
    assert.equal(tracingChannel('fw.request.handler').hasSubscribers, false);
    events.length = 0;
    assert.equal((await inject(fw, '/sync/1')).status, 201);
    assert.deepEqual(events, []);
  });

  it('traces a synchronous and an async handler, a throw and a rejection', async () => {
    assert.deepEqual(await traced({ '/sync/1': 201, '/async': 202, '/throws': 500, '/rejects': 500 }), [
      'start /sync/1 route=/sync/:id id=true',
      'end /sync/1 route=/sync/:id id=true status=201',
      'start /async route=/async id=true',
      'end /async route=/async id=true',
      'asyncStart /async route=/async id=true status=202',
      'asyncEnd /async route=/async id=true status=202',
      'start /throws route=/throws id=true',
      'error /throws route=/throws id=true error=boom',
      'end /throws route=/throws id=true error=boom',
      'start /rejects route=/rejects id=true',
      'end /rejects route=/rejects id=true',
      'error /rejects route=/rejects id=true error=later',
      'asyncStart /rejects route=/rejects id=true error=later',
      'asyncEnd /rejects route=/rejects id=true error=later',
    ]);
  });

  it('traces a handler that returns a thenable as one that returns a promise', async () => {
    assert.deepEqual(await traced({ '/thenable': 203, '/thenable-rejects': 500 }), [
      'start /thenable route=/thenable id=true',
      'end /thenable route=/thenable id=true',
      'asyncStart /thenable route=/thenable id=true status=203',
      'asyncEnd /thenable route=/thenable id=true status=203',
      'start /thenable-rejects route=/thenable-rejects id=true',
      'end /thenable-rejects route=/thenable-rejects id=true',
      'error /thenable-rejects route=/thenable-rejects id=true error=not yet',
      'asyncStart /thenable-rejects route=/thenable-rejects id=true error=not yet',
      'asyncEnd /thenable-rejects route=/thenable-rejects id=true error=not yet',
    ]);
  });
});
