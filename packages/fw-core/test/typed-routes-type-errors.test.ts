/**
 * The type test (types/typed-routes.types.ts) proves something only if each line it marks
 * `@ts-expect-error` fails by itself: this compiles a copy without the directives, with the
 * repo's compiler options, and wants an error on exactly those lines and on no other. It also
 * compiles the sample of docs/applications-reference.md, "Typed routes".
 */
import { describeTypeTest } from './support/compile-alone.ts';

describeTypeTest('typed routes type test', 'typed-routes.types.ts', 32, { heading: '## Typed routes', fence: 'ts', shows: /route\(\{/ });
