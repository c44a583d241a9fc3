/**
 * Compile-time tests of FwPlugin's `init`: a plugin without one is handed `undefined` as its state
 * (docs/plugins.md, "Writing a plugin"), so a state type that does not admit `undefined` needs an
 * `init`. `npx tsc -p tsconfig.test.json` checks this file, never node.
 */
import { defineApp, type FwPlugin } from '../../src/index.ts';

// A counter whose state is a Map: without init its pre_request would read undefined.get(...).
// @ts-expect-error Property 'init' is missing: the state type says a Map is always there
export const countsWithoutInit: FwPlugin<Map<string, number>> = {
  name: 'counts_plugin',
  pre_request(req, _env, _options, state) {
    state.set(req.path, (state.get(req.path) ?? 0) + 1);
    return ['ok', req, state];
  },
};

export const countsWithInit: FwPlugin<Map<string, number>> = {
  name: 'counts_plugin',
  init: () => new Map(),
  pre_request(req, _env, _options, state) {
    state.set(req.path, (state.get(req.path) ?? 0) + 1);
    return ['ok', req, state];
  },
};

// A state that admits undefined needs no init, nor does the default (unknown) nor `undefined`.
export const lazyCounts: FwPlugin<Map<string, number> | undefined> = {
  name: 'lazy_counts_plugin',
  pre_request(req, _env, _options, state) {
    const counts = state ?? new Map<string, number>();
    counts.set(req.path, (counts.get(req.path) ?? 0) + 1);
    return ['ok', req, counts];
  },
};
export const stateless: FwPlugin = { name: 'stateless_plugin', pre_request: (req, _env, _options, state) => ['ok', req, state] };
export const none: FwPlugin<undefined, { readonly level: number }> = { name: 'none_plugin', post_request: (req, _env, options, state) => [options.level > 0 ? 'ok' : 'break', req, state] };

// An async init, and options typed from O.
export const token: FwPlugin<{ token: string }, { readonly token_env: string }> = {
  name: 'token_plugin',
  init: async (options, { env }) => ({ token: env[options.token_env] ?? '' }),
  pre_request: (req, _env, _options, state) => [req.headers.authorization === `Bearer ${state.token}` ? 'ok' : 'stop', req, state],
};

// Every kind is still accepted by defineApp's plugins.
export const app = defineApp({ name: 'a', plugins: [countsWithInit, lazyCounts, stateless, none, token], router: { name: 'r', routes: () => [] } });
