/**
 * This process's `service.instance.id`, on telemetry's resource and every log line: OTEL_RESOURCE_ATTRIBUTES'
 * else a UUID made once (https://opentelemetry.io/docs/specs/semconv/resource/#service). In log/: the main entry must not load otel/.
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

/** The instance id from `env`'s OTEL_RESOURCE_ATTRIBUTES, taking only well-formed pairs: env-config.ts refuses the rest. */
export function serviceInstanceIdFromEnv(env: NodeJS.ProcessEnv): string {
  const attributes: Record<string, string> = {};
  for (const pair of (env['OTEL_RESOURCE_ATTRIBUTES'] ?? '').split(',')) {
    const eq = pair.indexOf('=');
    try {
      if (eq > 0) attributes[decodeURIComponent(pair.slice(0, eq).trim())] = decodeURIComponent(pair.slice(eq + 1).trim());
    } catch {
      // Not percent-encoded UTF-8.
    }
  }
  return serviceInstanceId(attributes);
}
