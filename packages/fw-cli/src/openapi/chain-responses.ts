/**
 * What a route's group adds to its operations, whatever the route: the security callback's
 * declared scheme (`securityScheme`, an OpenAPI security requirement), the statuses it refuses
 * with (its `responses`, else fw's 401 for a `false` answer) and the
 * statuses its plugins declare (`responses`, e.g. the rate limit's 429), plus whether the group
 * decodes bodies (400/413/415 on methods that take one) and whether fw_cors_plugin answers its
 * OPTIONS requests. docs/cli.md, "What the document says".
 */
import type { ResponseHeaders, SecuritySchemeDeclaration } from 'fw-core';
import type { CompiledGroup } from 'fw-core/inspect';

/** fw's answer to a security callback that returns `false` (docs/pipeline.md). */
const DEFAULT_REFUSAL = 401;

/** What the group of a route tells the generator. */
export interface ChainFacts {
  /** The group has a security callback. */
  readonly secured: boolean;
  /** The scheme that callback declares. */
  readonly scheme: SecuritySchemeDeclaration | undefined;
  /** Statuses that callback refuses with, ascending: its `responses`, else 401. */
  readonly securityStatuses: readonly number[];
  /** Statuses the group's plugins declare, ascending, without repeats. */
  readonly pluginStatuses: readonly number[];
  /** The headers the group's plugins declare for those statuses (`responseHeaders`), merged. */
  readonly pluginHeaders: ResponseHeaders;
  /** The group decodes bodies: fw_request_plugin's options configure its body stage. */
  readonly decodesBodies: boolean;
  /** The group runs fw_cors_plugin, which answers every OPTIONS 204 before security and the handler (docs/builtin-plugins.md). */
  readonly answersOptions: boolean;
}

/** The facts of `group`. */
export function chainFacts(group: CompiledGroup): ChainFacts {
  const security = group.security;
  const statuses = new Set<number>();
  const headers: Record<number, ResponseHeaders[number]> = {};
  for (const step of [...group.plugins.pre, ...group.plugins.post]) {
    const own: readonly number[] = declared(step.instance.plugin.responses, step.instance.options);
    for (const status of own) statuses.add(status);
    // Only on the statuses the plugin answers with, as configured.
    for (const [status, named] of Object.entries(
      declared(step.instance.plugin.responseHeaders, step.instance.options),
    )) {
      if (own.includes(Number(status))) headers[Number(status)] = { ...headers[Number(status)], ...named };
    }
  }
  return {
    secured: security !== false,
    scheme: security === false ? undefined : security.securityScheme,
    // A callback that declares nothing gets what fw answers for `false`, and for `{allow: false}` without a status.
    securityStatuses:
      security === false ? [] : [...new Set(security.responses ?? [DEFAULT_REFUSAL])].sort((a, b) => a - b),
    pluginStatuses: [...statuses].sort((a, b) => a - b),
    pluginHeaders: headers,
    decodesBodies: group.plugins.decoding !== undefined,
    answersOptions: group.plugins.pre.some((step) => step.instance.plugin.name === 'fw_cors_plugin'),
  };
}

/** A plugin's `responses` or `responseHeaders`: a declaration is a value or a function of the registration's options. */
export function declared<T>(value: T | ((options: never) => T) | undefined, options: unknown): T | [] {
  if (value === undefined) return [];
  return typeof value === 'function' ? (value as (options: unknown) => T)(options) : value;
}
