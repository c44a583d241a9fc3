/**
 * The release's `bin/<app>`: a POSIX sh script that goes to the release directory, checks the
 * Node version, and runs the app's start module with Node, FW_ENV defaulting to the release
 * profile. `NODE` picks the Node binary (default: `node` on the PATH).
 *
 * The version check comes first, as in fw-cli's own bin/fw.js: an older `node` on the PATH
 * (Node 20 on a Debian host) failed deep in start-up with FW_ERR_APP_NOT_FOUND about
 * `node:sqlite` instead of saying which Node it needs. It asks the binary for its version
 * (`-e` with syntax any Node parses) before the app's modules are loaded.
 */

/** The oldest Node major fw runs on: fw-core's and fw-cli's `engines` (`>=24`). */
export const FW_NODE_MAJOR = 24;

/** The Node major `engines.node` asks for when it reads `>=N` (or `^N`), else fw's own floor; never below it. */
export function neededNodeMajor(engines: Readonly<Record<string, string>> | undefined): number {
  const floor = /^\s*(?:>=|\^)\s*v?(\d+)/.exec(engines?.['node'] ?? '');
  return Math.max(FW_NODE_MAJOR, floor === null ? 0 : Number(floor[1]));
}

/** The script's text. `entry` is release-relative (`dist/main.js`); `nodeMajor` the oldest Node it accepts. */
export function startScript(app: string, profile: string, entry: string, nodeMajor: number): string {
  return `#!/bin/sh
# Starts the ${app} release built by \`fw release --profile ${profile}\`.
# FW_ENV defaults to ${profile}; PORT, LOG_LEVEL and the app's own variables pass through.
# NODE names the Node.js binary (default: node on the PATH; Node ${nodeMajor} or later).
set -e
cd "$(dirname "$0")/.."
FW_ENV="\${FW_ENV:-${profile}}"
export FW_ENV
# "<major> <version> (<path>)"; an older Node would fail later, deep in start-up, without saying why.
found=$("\${NODE:-node}" -e 'process.stdout.write(process.versions.node.split(".")[0] + " " + process.versions.node + " (" + process.execPath + ")")' 2>/dev/null) || {
  echo "${app}: cannot run Node.js as \\"\${NODE:-node}\\"; install Node.js ${nodeMajor} or later, or set NODE to its binary" >&2
  exit 1
}
if [ "\${found%% *}" -lt ${nodeMajor} ]; then
  echo "${app}: needs Node.js ${nodeMajor} or later, found \${found#* }; install Node.js ${nodeMajor} (https://nodejs.org, or \\\`nvm install ${nodeMajor}\\\`) or set NODE to its binary" >&2
  exit 1
fi
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
