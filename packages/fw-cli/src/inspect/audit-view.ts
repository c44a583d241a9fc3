/**
 * `fw audit` in two pure steps: the findings of a loaded app's routes (also the `--json`
 * shape), then their text. A route is a finding when its group has no security callback, and a
 * warning too when it accepts a body that its group's own plugin list never decodes: the list
 * replaces the global one and configures no body stage (`group.plugins.decoding`, which
 * fw_request_plugin's options set).
 *
 * Every warning the server logs at start (fw-core's startup-warnings.ts: body schemas without
 * decoding, telemetry without its stream handler) is a warning here too, after the route findings.
 *
 * Levels: a method that can change state (POST, PUT, DELETE, PATCH, CONNECT) or the wildcard
 * `_` (every method; reported once) is a warning. A safe method (GET, HEAD, OPTIONS, TRACE;
 * RFC 9110 section 9.2.1) is info. Static routes are listed once, as GET, at info level.
 */
import type { CompiledGroup, CompiledRoute, LoadedApplication, RouteTarget } from 'fw-core/inspect';
import { CliError } from '../errors.ts';
import { declared } from '../openapi/chain-responses.ts';
import { handlerModel, listedMethods, staticSourceOf, type HandlerModel } from './route-handler.ts';

/** One route method without security. */
export interface SecurityFindingModel {
  readonly method: string;
  readonly path: string;
  readonly host: string;
  readonly handler: HandlerModel;
  /** Named by `--public`: info whatever its method. */
  readonly public?: true;
  /** The group's plugins that declare a 401 or 403 (`responses`): they may check credentials, which fw does not count as security. */
  readonly refusing_plugins?: readonly string[];
}

/** One route method whose body is not decoded: `group` (its prefix) replaced the global plugins. */
export interface BodyDecodingFindingModel extends SecurityFindingModel {
  readonly issue: 'body_not_decoded';
  readonly group: string;
}

/** A route finding of either kind; security findings keep their original `--json` shape. */
export type RouteFindingModel = SecurityFindingModel | BodyDecodingFindingModel;

type StartupWarning = LoadedApplication['startupWarnings'][number];

/** A warning the server logs at start: its log line's fields (`event` names the kind) and message. */
export interface StartupWarningModel extends StartupWarning {
  readonly issue: 'startup_warning';
}

/**
 * An `onNotFound` that a catch-all route pre-empts: the router hands every path under `prefix` (on `host`) to
 * `catch_all`, whose answer (a static folder's file or 404) the client gets, so the hook (`hook`: the group's own or
 * the app's) never runs there.
 */
export interface NotFoundShadowedModel {
  readonly issue: 'not_found_shadowed';
  readonly host: string;
  readonly prefix: string;
  readonly hook: 'group' | 'app';
  readonly catch_all: string;
  readonly message: string;
}

/** Any finding. */
export type FindingModel = RouteFindingModel | StartupWarningModel | NotFoundShadowedModel;

/** What `fw audit --json` prints. */
export interface AuditModel {
  readonly warnings: readonly FindingModel[];
  readonly infos: readonly FindingModel[];
  readonly summary: { readonly warnings: number; readonly infos: number };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * The findings of the routes (security ones in definition order, then the body-decoding ones), then the server's start-up
 * warnings. `publicRoutes` (`POST /links`) are info; one that names no route without security is FW_CLI_ERR_USAGE, so a
 * stale list in CI fails rather than hides a route.
 */
export function buildAuditModel(
  routes: readonly CompiledRoute<RouteTarget>[],
  startupWarnings: readonly StartupWarning[],
  publicRoutes: ReadonlySet<string> = new Set(),
): AuditModel {
  const warnings: FindingModel[] = [];
  const infos: FindingModel[] = [];
  const named = new Set<string>();
  const unsecured: string[] = [];
  for (const route of routes) {
    const target = route.data;
    if (target.group.security !== false) continue;
    const handler = handlerModel(target);
    const refusing = refusingPlugins(target.group);
    for (const method of listedMethods(route)) {
      const key = `${method} ${target.info.template}`;
      unsecured.push(key);
      if (publicRoutes.has(key)) named.add(key);
      const finding = {
        method,
        path: target.info.template,
        host: target.group.host,
        handler,
        ...(publicRoutes.has(key) && { public: true as const }),
        ...(refusing.length > 0 && { refusing_plugins: refusing }),
      };
      (SAFE_METHODS.has(method) || finding.public ? infos : warnings).push(finding);
    }
  }
  const unknown = [...publicRoutes].filter((key) => !named.has(key));
  if (unknown.length > 0) throw new CliError('FW_CLI_ERR_USAGE', publicUsageError(unknown, unsecured));
  warnings.push(...bodyDecodingFindings(routes), ...shadowedNotFound(routes));
  warnings.push(
    ...startupWarnings.map((warning) => ({
      issue: 'startup_warning' as const,
      fields: warning.fields,
      message: warning.message,
    })),
  );
  return { warnings, infos, summary: { warnings: warnings.length, infos: infos.length } };
}

/** The names of `group`'s plugins that declare a 401 or 403 among their `responses` (docs/plugins.md, "Authentication"). */
function refusingPlugins(group: CompiledGroup): string[] {
  const steps = [...group.plugins.pre, ...group.plugins.post].filter(({ instance }) =>
    declared(instance.plugin.responses, instance.options).some((status) => status === 401 || status === 403),
  );
  return [...new Set(steps.map(({ instance }) => instance.plugin.name))];
}

/**
 * Why `--public` values name no route without security. Unquoted, `--public POST /links` arrives as two values, a method and
 * a path: say to quote them. A route written in another case (`post /links`) is named as the audit lists it.
 */
function publicUsageError(unknown: readonly string[], unsecured: readonly string[]): string {
  const split = unknown.findIndex((key, at) => /^[A-Za-z_]+$/.test(key) && unknown[at + 1]?.startsWith('/') === true);
  if (split >= 0) {
    const route = `${unknown[split]!.toUpperCase()} ${unknown[split + 1]!}`;
    return `--public takes a route's method and path as one value, as the audit lists it: quote them, --public '${route}'`;
  }
  const listed = (key: string): string => {
    const meant = unsecured.find((route) => route.toLowerCase() === key.replace(/\s+/g, ' ').trim().toLowerCase());
    return meant === undefined ? JSON.stringify(key) : `${JSON.stringify(key)} (did you mean '${meant}'?)`;
  };
  return `--public ${unknown.map(listed).join(', ')} names no route without security; give a route as the audit lists it, e.g. --public 'POST /links'`;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Group by group, the routes of groups whose own plugins decode no bodies, under each method of
 * them that takes a body: POST, PUT, PATCH or `_`. Groups that inherit the global list run what the
 * rest of the app runs: not findings. A route with a body schema is left to the server's start-up
 * warning (body_schema_without_decoding), which the audit reports too: one finding per route.
 */
function bodyDecodingFindings(routes: readonly CompiledRoute<RouteTarget>[]): BodyDecodingFindingModel[] {
  const byGroup = new Map<CompiledGroup, BodyDecodingFindingModel[]>();
  for (const route of routes) {
    const target = route.data;
    const { group } = target;
    if (
      group.plugins.inherited ||
      group.plugins.decoding !== undefined ||
      target.kind === 'static' ||
      target.schema?.body !== undefined
    )
      continue;
    const methods = listedMethods(route).filter((method) => method === '_' || BODY_METHODS.has(method));
    const handler = handlerModel(target);
    const finding = {
      path: target.info.template,
      host: group.host,
      handler,
      issue: 'body_not_decoded' as const,
      group: group.prefix,
    };
    const found = methods.map((method) => ({ method, ...finding }));
    if (found.length > 0) byGroup.set(group, [...(byGroup.get(group) ?? []), ...found]);
  }
  return [...byGroup.values()].flat();
}

/**
 * Groups whose misses a route ending in `/[...]` takes whole: on the group's host, or on `'_'`, to which a host falls
 * back for a path it has no route for (docs/router.md, "Host precedence and fallback"), with a base that covers the
 * group's prefix. Such a group's onNotFound (its own, else the app's) never runs. A catch-all's own group, whose prefix
 * is the catch-all's base (`/docs` holding `/docs/[...]`), has its misses answered by it on purpose: not a finding.
 * One deeper than the prefix (`/site/[...]` beside `''`) takes only its own paths: the hook answers the rest.
 */
function shadowedNotFound(routes: readonly CompiledRoute<RouteTarget>[]): NotFoundShadowedModel[] {
  const catchAlls = routes
    .filter(({ data }) => data.info.template.endsWith('/[...]'))
    .map(({ data }) => ({ group: data.group, template: data.info.template, base: data.info.template.slice(0, -6) }));
  const hooked = new Set(
    routes.map(({ data }) => data.group).filter((group) => group.answers.onNotFound !== undefined),
  );
  const under = (path: string, base: string): boolean => base === '' || path === base || path.startsWith(`${base}/`);
  return [...hooked].flatMap((group) => {
    const { host, prefix } = group;
    const covers = (all: (typeof catchAlls)[number]): boolean =>
      (all.group.host === '_' || all.group.host === host) &&
      under(prefix, all.base) &&
      !(all.group === group && all.base === prefix);
    const catchAll = catchAlls.find(covers);
    if (catchAll === undefined) return [];
    const hook = group.source.onNotFound !== undefined ? 'group' : 'app';
    const {
      template,
      group: { host: on },
    } = catchAll;
    const subject =
      hook === 'group'
        ? `the onNotFound of group '${prefix}'${hostNote(host)} never runs`
        : `the app's onNotFound never runs for group '${prefix}'${hostNote(host)}`;
    const route =
      on === host
        ? `route ${template}${hostNote(on)}`
        : `route ${template} (any host, which ${host} falls back to for a path it has no route for)`;
    const message =
      `${subject}: ${route} covers every path under '${prefix}' and answers its misses (a static folder: its file, or its own 404); ` +
      `to fix, move ${template} under a prefix of its own${on === host ? '' : ' or onto a host of its own'} (docs/applications-reference.md, "Your own error answers")`;
    return [{ issue: 'not_found_shadowed' as const, host, prefix, hook, catch_all: catchAll.template, message }];
  });
}

/** The text of `fw audit`, without a trailing newline. */
export function renderAudit(model: AuditModel): string {
  const lines = [
    '=== Security Audit ===',
    'WARNINGS:',
    ...findingLines(model.warnings),
    'INFO:',
    ...findingLines(model.infos),
  ];
  lines.push(`Summary: ${model.summary.warnings} warning(s), ${model.summary.infos} info(s)`);
  return lines.join('\n');
}

function findingLines(findings: readonly FindingModel[]): string[] {
  if (findings.length === 0) return ['  (none)'];
  return findings.map((finding) => {
    // The server's own words, under the event its log line carries.
    if ('issue' in finding && finding.issue === 'startup_warning')
      return `  start-up warning ${String(finding.fields.event)}: ${finding.message}`;
    if ('issue' in finding && finding.issue === 'not_found_shadowed') return `  not_found_shadowed: ${finding.message}`;
    return `  ${finding.method} ${finding.path}${handlerNote(finding.handler)} ${problem(finding)}${hostNote(finding.host)}${cause(finding)}`;
  });
}

function problem(finding: RouteFindingModel): string {
  if ('issue' in finding) return 'has no body decoding';
  if (finding.public === true) return 'has no security (public on purpose: --public)';
  const refusing = finding.refusing_plugins;
  if (refusing === undefined) return 'has no security';
  // A plugin that answers 401 may well check credentials: say why the audit still lists the route, and where the fix is.
  return `has no security (${refusing.join(', ')} may refuse with 401 or 403, but only a group's security callback counts: docs/plugins.md, "Authentication")`;
}

/** Why a body goes undecoded, after the host so the host stays next to the route. */
function cause(finding: RouteFindingModel): string {
  if (!('issue' in finding)) return '';
  return `: group '${finding.group}' replaces the global plugins without a body decoder such as fw_request_plugin`;
}

function handlerNote(handler: HandlerModel): string {
  if (handler.kind === 'action') return ` (${handler.module})`;
  if (handler.kind === 'static') return ` (static ${staticSourceOf(handler)})`;
  return '';
}

function hostNote(host: string): string {
  return host === '_' ? '' : ` on host ${host}`;
}
