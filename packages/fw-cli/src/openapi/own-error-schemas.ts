/**
 * The schemas an app declares for its own error answers: `errorSchema` beside the app's or a
 * group's `onError` (docs/cli.md, "Your own error answers"). Where `onError` words fw's answer
 * (a failure's 500, the 404 of a route with parameters), the operation answers that schema in
 * place of `ErrorMessage`. Each schema is one component: the `components.schemas` entry it equals
 * (a priv/schemas file, `ErrorMessage`), else one named by its `title`, else `ErrorAnswer`.
 */
import type { FwApp, JsonSchema } from 'fw-core';
import type { CompiledGroup } from 'fw-core/inspect';
import { CliError } from '../errors.ts';
import { schemaRef } from './error-schemas.ts';
import { convertRouteSchema } from './schema-dialect.ts';
import type { ComponentIndex } from './schema-operation.ts';

type Json = Record<string, unknown>;

/** What OpenAPI allows as a component name. */
export const COMPONENT_NAME = /^[A-Za-z0-9._-]+$/;

/** The declared error schemas an app's operations answer with, and the components they make. */
export class OwnErrorSchemas {
  readonly #app: FwApp;
  readonly #index: ComponentIndex;
  readonly #taken: Set<string>;
  /** The components made, by name, and their names by their JSON. */
  readonly #made: Record<string, Json> = {};
  readonly #names = new Map<string, string>();

  /** `taken`: the component names already in use (priv/schemas and fw's shared error schemas). */
  constructor(app: FwApp, index: ComponentIndex, taken: Iterable<string>) {
    this.#app = app;
    this.#index = index;
    this.#taken = new Set(taken);
  }

  /**
   * The `$ref` of what `onError` answers for `group`'s requests: the group's errorSchema when the
   * group has its own onError, else the app's when the app has one; undefined when that hook
   * declares no schema, or there is no hook (fw's ErrorMessage).
   */
  onError(group: CompiledGroup): Json | undefined {
    if (group.source.onError !== undefined)
      return this.#refer(group.source.errorSchema, `route group ${group.index} (prefix '${group.prefix}')`);
    if (this.#app.onError !== undefined) return this.#refer(this.#app.errorSchema, 'the app');
    return undefined;
  }

  /** The components made for the schemas no other component equals, in the order first used. */
  get components(): Readonly<Record<string, Json>> {
    return this.#made;
  }

  #refer(schema: JsonSchema | undefined, where: string): Json | undefined {
    if (schema === undefined) return undefined;
    if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null || Array.isArray(schema))) {
      throw new CliError(
        'FW_CLI_ERR_OPENAPI_BAD_ERROR_SCHEMA',
        `${where} has an errorSchema that is not a JSON schema: ${JSON.stringify(schema)}; give the schema of its onError's answers (an object), or leave it out for fw's ErrorMessage`,
      );
    }
    const converted = convertRouteSchema(schema, `${where} errorSchema`);
    const referred = this.#index.refer(converted);
    if (Object.keys(referred).length === 1 && typeof referred.$ref === 'string') return referred;
    const key = JSON.stringify(referred);
    let name = this.#names.get(key);
    if (name === undefined) {
      const title =
        typeof converted.title === 'string' && COMPONENT_NAME.test(converted.title) ? converted.title : 'ErrorAnswer';
      name = title;
      for (let n = 2; this.#taken.has(name); n++) name = `${title}${n}`;
      this.#taken.add(name);
      this.#names.set(key, name);
      this.#made[name] = referred;
    }
    return schemaRef(name);
  }
}
