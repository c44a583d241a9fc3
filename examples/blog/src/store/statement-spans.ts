/**
 * Database client spans of the SQL stores, as the semantic conventions have them
 * (https://opentelemetry.io/docs/specs/semconv/db/database-spans/, stable): one CLIENT span per
 * statement, a child of the span active when the store is called (the request's server span),
 * named `{db.operation.name} {db.collection.name}`. They go through @opentelemetry/api only, so
 * they work with whatever tracer provider is registered (fw's SDK path, fw's lean path, a user's).
 *
 * A statement outside any span (migrations at start-up) makes none, as instrumentation-pg's
 * requireParentSpan does: without telemetry a statement costs one context lookup, and start-up
 * does not export a root trace per migration step.
 *
 * What goes on a span: the parameterized SQL as `db.query.text`, never a bound value (semconv:
 * parameter values are opt-in); the operation and table as the store declares them beside each
 * statement (semconv: not parsed from the query text); on failure `error.type` and the status
 * ERROR, without the database's message, which can quote a value ('invalid input syntax for type
 * bigint: "abc"'), and so without an exception event either.
 */
import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';

/** The blog's instrumentation scope (`otel.scope.name`). */
export const STORE_SCOPE_NAME = 'blog-example/store';
const STORE_SCOPE_VERSION = '0.1.0';

/** What a statement does, declared beside it: `db.operation.name` and `db.collection.name`. */
export interface SqlOperation {
  readonly name: string;
  /** The table, for statements on one; absent for BEGIN, COMMIT, ROLLBACK. */
  readonly collection?: string;
}

/** Where a PostgreSQL store connects, from its connection string (never its credentials). */
export interface DbServer {
  readonly database: string | undefined;
  readonly address: string;
  readonly port: number;
}

/** The database a store's spans describe, built once when the store opens. */
export interface DbSpanTarget {
  /** `db.system.name`, and `db.namespace`, `server.address`, `server.port` where known. */
  readonly attributes: Readonly<Attributes>;
  /** The span name's target for a statement on no table (semconv: the namespace, else the server). */
  readonly fallback: string | undefined;
}

/** How a failed statement is reported. */
export interface StatementFailure {
  /** `error.type`: the database's code when it gave one, else the driver's error code or class. */
  readonly type: string;
  /** `db.response.status_code`: the code the database answered with, when it answered. */
  readonly statusCode?: string;
}

/** The span target of a SQLite store: no server, and no namespace worth naming (the file is the database). */
export const SQLITE_SPAN_TARGET: DbSpanTarget = { attributes: { 'db.system.name': 'sqlite' }, fallback: undefined };

/** The span target of a PostgreSQL store on `server` (undefined: only the system is known). */
export function postgresSpanTarget(server: DbServer | undefined): DbSpanTarget {
  if (server === undefined) return { attributes: { 'db.system.name': 'postgresql' }, fallback: undefined };
  const attributes: Attributes = {
    'db.system.name': 'postgresql',
    'server.address': server.address,
    'server.port': server.port,
  };
  // semconv: {database}|{schema}; the schema is not known without a query, so the database alone.
  if (server.database !== undefined) attributes['db.namespace'] = server.database;
  return { attributes, fallback: server.database ?? `${server.address}:${server.port}` };
}

/** Starts the span of one statement when a span is active; undefined (and no work) otherwise. */
export function startStatementSpan(
  target: DbSpanTarget,
  operation: SqlOperation | undefined,
  text: string,
): Span | undefined {
  const parent = context.active();
  if (trace.getSpan(parent) === undefined) return undefined;
  const attributes: Attributes = { ...target.attributes, 'db.query.text': text };
  if (operation !== undefined) attributes['db.operation.name'] = operation.name;
  if (operation?.collection !== undefined) attributes['db.collection.name'] = operation.collection;
  const where = operation?.collection ?? target.fallback;
  const name =
    operation === undefined
      ? (where ?? String(target.attributes['db.system.name']))
      : where === undefined
        ? operation.name
        : `${operation.name} ${where}`;
  // Asked for per statement, not kept: a tracer kept across a telemetry shutdown and a new
  // setup would go on using the first provider.
  return trace
    .getTracer(STORE_SCOPE_NAME, STORE_SCOPE_VERSION)
    .startSpan(name, { kind: SpanKind.CLIENT, attributes }, parent);
}

/** Ends a statement's span, marking it failed when `failure` is given. */
export function endStatementSpan(span: Span | undefined, failure?: StatementFailure): void {
  if (span === undefined) return;
  if (failure !== undefined) {
    span.setAttribute('error.type', failure.type);
    if (failure.statusCode !== undefined) span.setAttribute('db.response.status_code', failure.statusCode);
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

/** The query log's correlation fields: the statement span's ids while it is recording. */
export function queryLogTraceFields(span: Span | undefined): { trace_id: string; span_id: string } | undefined {
  if (span === undefined || !span.isRecording()) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
