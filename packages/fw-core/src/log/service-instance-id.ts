/**
 * The `service.instance.id` of this process, the same on telemetry's resource and every log line:
 * OTEL_RESOURCE_ATTRIBUTES' when set, else a UUID made once per process, as the semantic conventions
 * recommend (https://opentelemetry.io/docs/specs/semconv/resource/#service). In log/, not otel/:
 * fw-core's main entry (the logger) uses it and must not load otel/.
 */
import { randomUUID } from 'node:crypto';

/** The attribute key. */
export const SERVICE_INSTANCE_ID = 'service.instance.id';

let processInstanceId: string | undefined;

/** The instance id given the resource attributes as configured (OTEL_RESOURCE_ATTRIBUTES, decoded). */
export function serviceInstanceId(resourceAttributes: Readonly<Record<string, string>>): string {
  const configured = resourceAttributes[SERVICE_INSTANCE_ID];
  if (configured !== undefined && configured !== '') return configured;
  processInstanceId ??= randomUUID();
  return processInstanceId;
}

/**
 * The instance id from `env`'s OTEL_RESOURCE_ATTRIBUTES. Lenient where env-config.ts is strict: a
 * malformed list is telemetry's start-up error, so only a well-formed pair is taken from it.
 */
export function serviceInstanceIdFromEnv(env: NodeJS.ProcessEnv): string {
  const attributes: Record<string, string> = {};
  for (const pair of (env['OTEL_RESOURCE_ATTRIBUTES'] ?? '').split(',')) {
    const eq = pair.indexOf('=');
    try {
      if (eq > 0) attributes[decodeURIComponent(pair.slice(0, eq).trim())] = decodeURIComponent(pair.slice(eq + 1).trim());
    } catch {
      // Not percent-encoded UTF-8: left to env-config.ts to refuse.
    }
  }
  return serviceInstanceId(attributes);
}
