/**
 * Preloaded (`--import`) into a blog process by api-npm-start.test.ts: every TypeScript module the
 * process loads after this one is reported as a `test_ts_module` JSON line on stderr, so the test
 * sees whether `npm start` runs the build (no line) or the sources (Node's type stripper loaded).
 */
import { registerHooks } from 'node:module';

registerHooks({
  load(url, context, nextLoad) {
    if (/\.[mc]?ts$/.test(new URL(url).pathname)) process.stderr.write(`${JSON.stringify({ event: 'test_ts_module', url })}\n`);
    return nextLoad(url, context);
  },
});
