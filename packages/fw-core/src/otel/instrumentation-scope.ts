/** The instrumentation scope fw's tracer and meter report (`otel.scope.name`). */
export const SCOPE_NAME = 'fw-core';

/** fw-core's version, reported as the scope version. */
export const SCOPE_VERSION = '0.1.0';
