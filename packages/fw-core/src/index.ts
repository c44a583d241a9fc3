/**
 * fw-core's public API: what an app author writes an app, a plugin or a test with. Tools use
 * `fw-core/inspect`; telemetry is `fw-core/otel`. docs/api.md lists each entry. This file only re-exports.
 */
export { FwError, httpError, isFwError } from './errors.ts';
export type { FwErrorCode, FwErrorCodeWithStatus, FwErrorOptions, HttpErrorOptions } from './errors.ts';

export type {
  CompiledRoute,
  HttpMethod,
  LookupResult,
  MethodNotAllowed,
  MethodSpec,
  RouteDefinition,
  RouteFound,
  RouteNotFound,
  Router,
} from './router/index.ts';

export type { FwConfig, InCodeConfig, LoadedConfig, ServerConfiguration } from './config/index.ts';

export { defineApp } from './app/app.ts';
export type { AppContext, FwApp, Lifecycle, RouterModule, RoutesContext } from './app/app.ts';
export { defineController } from './app/controller.ts';
export { bearerAuth, type BearerAuthOptions } from './app/bearer-auth.ts';
export type { Action, Handler, HandlerResult, InlineHandler } from './app/controller.ts';
export type {
  HandlerRoute,
  RouteEntry,
  RouteGroup,
  RouteOptions,
  SecurityCallback,
  SecurityResult,
  SecuritySchemeDeclaration,
  StaticDirectoryRoute,
  StaticFileRoute,
} from './app/route-group.ts';
export type {
  InvalidRequestHook,
  JsonSchema,
  NamedSchemaMap,
  PartSchema,
  RequestPart,
  RouteSchema,
  SchemaCompiler,
  SchemaFailure,
  SchemaIssue,
  SchemaResult,
  SchemaValidator,
  StandardSchemaV1,
} from './schema/route-schema.ts';
export { route } from './app/typed-route.ts';
export type {
  AnswersOf,
  BindingName,
  TypedHandler,
  TypedJson,
  TypedRequest,
  TypedResponse,
  TypedRoute,
  TypedRouteDefinition,
} from './app/typed-route.ts';
export type { FromSchema, NamedSchemas } from './schema/from-schema.ts';

export type { AuthData, FwRequest, JsonLib, Locals, RequestContext, RouteInfo } from './http/request.ts';
export { html, json, jsonStream, redirect, sendFile, status } from './http/response.ts';
export type {
  FileResponse,
  FwResponse,
  HeaderMap,
  JsonResponse,
  JsonStreamResponse,
  RedirectResponse,
  StatusResponse,
} from './http/response.ts';
export { mountPath, reply, replyJson } from './http/write-response.ts';
export type { ResponseTarget } from './http/write-response.ts';
export { readBody } from './http/read-body.ts';

export type {
  FwPlugin,
  PhaseCallback,
  Phase,
  PluginEntry,
  PluginEnv,
  PluginInfo,
  PluginInitContext,
  PluginOptions,
  PluginResult,
  ResponseHeaders,
} from './plugins/plugin.ts';
export { checkPluginOptions, type OptionRule } from './plugins/check-plugin-options.ts';

export type { ExchangeEnd, Listener, StreamHandler } from './stream/stream-handler.ts';
export type { Exchange } from './stream/exchange.ts';
export { observeExchange } from './stream/exchange.ts';

export { createStaticHandler } from './static/static-handler.ts';

export type { LogLevel, LogMethod, Logger } from './log/logger.ts';

export { startServer } from './server/start-server.ts';
export { createListener, type CreateListenerOptions, type FwListener } from './server/create-listener.ts';
export {
  inject,
  type FwErrorBody,
  type InjectBody,
  type InjectRequest,
  type InjectResponse,
  type InjectTarget,
  type OwnErrorBody,
} from './inject/inject.ts';
export type { FwServer, StartServerOptions, StopOptions } from './server/start-server.ts';
export { readinessHandler, type ReadinessOptions } from './server/readiness.ts';
