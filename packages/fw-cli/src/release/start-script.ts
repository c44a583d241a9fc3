/**
 * The release's `bin/<app>`: a POSIX sh script that goes to the release directory and runs the
 * app's start module with Node, FW_ENV defaulting to the release profile. `NODE` picks the Node
 * binary (default: `node` on the PATH; fw needs Node 24).
 */

/** The script's text. `entry` is release-relative (`dist/main.js`). */
export function startScript(app: string, profile: string, entry: string): string {
  return `#!/bin/sh
# Starts the ${app} release built by \`fw release --profile ${profile}\`.
# FW_ENV defaults to ${profile}; PORT, LOG_LEVEL and the app's own variables pass through.
# NODE names the Node.js binary (default: node on the PATH; Node 24 or later).
set -e
cd "$(dirname "$0")/.."
FW_ENV="\${FW_ENV:-${profile}}"
export FW_ENV
exec "\${NODE:-node}" ${entry} "$@"
`;
}

/**
 * The start module fw writes when the app has no main module of its own: starts fw's server
 * on the release directory and stops gracefully on SIGTERM/SIGINT.
 */
export function launcherModule(app: string): string {
  return `// Written by fw release: starts the ${app} app in this directory with fw-core's server.
import { startServer } from 'fw-core';

try {
  await startServer({ appDir: import.meta.dirname, handleSignals: true });
} catch (error) {
  const code = typeof error?.code === 'string' ? \`\${error.code}: \` : '';
  process.stderr.write(\`${app}: cannot start: \${code}\${error?.message ?? error}\\n\`);
  process.exit(1);
}
`;
}
