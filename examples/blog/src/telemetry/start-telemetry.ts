/**
 * The blog's telemetry activation (spec: Events → Activation): the app's start hook calls
 * fw-core/otel's setupTelemetry with the metrics listener on METRICS_PORT (default 9464, 0
 * picks a free port), on loopback unless OTEL_EXPORTER_PROMETHEUS_HOST says otherwise (read by
 * setupTelemetry from app.env), with the API listener's timeouts, and logs the address it bound;
 * stop flushes spans and metrics.
 */
import { FwError, isFwError, type AppContext } from 'fw-core';
import { setupTelemetry, type Telemetry } from 'fw-core/otel';

/** The spec's metrics listener port. */
export const DEFAULT_METRICS_PORT = 9464;

/** Sets telemetry up for the running app and logs the metrics URL. */
export async function startTelemetry(app: AppContext): Promise<Telemetry> {
  const metricsPort = metricsPortOf(app.env);
  const telemetry = await setupTelemetry({
    metricsPort,
    serverConfiguration: app.config.fw.server_configuration,
    serviceName: 'blog',
    env: app.env,
    logger: app.logger,
  }).catch((error: unknown) => {
    // fw-core's message names setupTelemetry's option; the blog's operator sets METRICS_PORT (two instances on one machine).
    if (!isFwError(error) || error.code !== 'FW_ERR_OTEL_METRICS_LISTEN') throw error;
    throw new FwError(
      error.code,
      `the blog's metrics listener cannot use METRICS_PORT ${metricsPort}: give each instance on a machine its own METRICS_PORT (0 picks a free one)`,
      { cause: error, details: error.details },
    );
  });
  if (telemetry.metricsUrl !== undefined)
    app.logger.info(
      { event: 'metrics_listening', url: telemetry.metricsUrl },
      `metrics listening on ${telemetry.metricsUrl}`,
    );
  else if (!telemetry.enabled)
    app.logger.info({ event: 'telemetry_disabled' }, 'telemetry disabled by OTEL_SDK_DISABLED');
  return telemetry;
}

function metricsPortOf(env: NodeJS.ProcessEnv): number {
  const raw = env.METRICS_PORT?.trim();
  if (raw === undefined || raw === '') return DEFAULT_METRICS_PORT;
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(port <= 65535)) {
    throw new FwError(
      'FW_ERR_OTEL_BAD_OPTION',
      `METRICS_PORT=${JSON.stringify(raw)} is not a port; give an integer from 0 to 65535`,
      { details: { name: 'METRICS_PORT', value: raw } },
    );
  }
  return port;
}
