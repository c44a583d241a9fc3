/**
 * `fw audit` in two pure steps: the findings of a loaded app's routes (also the `--json`
 * shape), then their text. A route is a finding when its group has no security callback.
 *
 * Levels: a method that can change state (POST, PUT, DELETE, PATCH, CONNECT) or the wildcard
 * `_` (every method; reported once) is a warning. A safe method (GET, HEAD, OPTIONS, TRACE;
 * RFC 9110 section 9.2.1) is info. Static routes are listed once, as GET, at info level.
 */
import type { CompiledRoute, RouteTarget } from 'fw-core';
import { handlerModel, listedMethods, staticSourceOf, type HandlerModel } from './route-handler.ts';

/** One route method without security. */
export interface FindingModel {
  readonly method: string;
  readonly path: string;
  readonly host: string;
  readonly handler: HandlerModel;
}

/** What `fw audit --json` prints. */
export interface AuditModel {
  readonly warnings: readonly FindingModel[];
  readonly infos: readonly FindingModel[];
  readonly summary: { readonly warnings: number; readonly infos: number };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** The findings of the routes, in definition order. */
export function buildAuditModel(routes: readonly CompiledRoute<RouteTarget>[]): AuditModel {
  const warnings: FindingModel[] = [];
  const infos: FindingModel[] = [];
  for (const route of routes) {
    const target = route.data;
    if (target.group.security !== false) continue;
    const handler = handlerModel(target);
    for (const method of listedMethods(route)) {
      const finding = { method, path: target.info.template, host: target.group.host, handler };
      (SAFE_METHODS.has(method) ? infos : warnings).push(finding);
    }
  }
  return { warnings, infos, summary: { warnings: warnings.length, infos: infos.length } };
}

/** The text of `fw audit`, without a trailing newline. */
export function renderAudit(model: AuditModel): string {
  const lines = ['=== Security Audit ===', 'WARNINGS:', ...findingLines(model.warnings), 'INFO:', ...findingLines(model.infos)];
  lines.push(`Summary: ${model.summary.warnings} warning(s), ${model.summary.infos} info(s)`);
  return lines.join('\n');
}

function findingLines(findings: readonly FindingModel[]): string[] {
  if (findings.length === 0) return ['  (none)'];
  return findings.map((finding) => `  ${finding.method} ${finding.path}${handlerNote(finding.handler)} has no security${hostNote(finding.host)}`);
}

function handlerNote(handler: HandlerModel): string {
  if (handler.kind === 'action') return ` (${handler.module})`;
  if (handler.kind === 'static') return ` (static ${staticSourceOf(handler)})`;
  return '';
}

function hostNote(host: string): string {
  return host === '_' ? '' : ` on host ${host}`;
}
