/**
 * The resource telemetry is reported under. Precedence, highest first: OTEL_SERVICE_NAME,
 * `service.name` in OTEL_RESOURCE_ATTRIBUTES, the serviceName option, the SDK default; so an
 * operator can rename a deployed service without a code change.
 */
import { defaultResource, resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import type { EnvConfig } from './env-config.ts';

/** The SDK's default resource merged with the configured attributes. */
export function resourceFor(config: EnvConfig, serviceName: string | undefined): Resource {
  const attributes: Record<string, string> = {};
  if (serviceName !== undefined) attributes['service.name'] = serviceName;
  Object.assign(attributes, config.resourceAttributes);
  if (config.serviceName !== undefined) attributes['service.name'] = config.serviceName;
  return defaultResource().merge(resourceFromAttributes(attributes));
}
