/**
 * `npm test`'s first step: makes sure the system tools some tests drive are present, installing
 * the missing ones from Debian's packages (`apt-get install --no-install-recommends`) when this
 * is a Debian machine and we are root, as on CI. The tools:
 *
 * - `chromium` (/usr/bin/chromium): the browser of tests/e2e, driven by playwright-core.
 * - `prometheus` (promtool and prometheus): `promtool check metrics` and a real scrape of /metrics.
 *
 * When a tool cannot be installed (not root, no apt-get, no network) this prints why and carries
 * on: the tests that need it are skipped with that reason, and everything else runs.
 * `FW_TEST_SETUP=skip` turns the step off. See README.md, "Running the end-to-end tests".
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

interface Tool {
  readonly binary: string;
  readonly debianPackage: string;
  readonly usedBy: string;
}

const TOOLS: readonly Tool[] = [
  { binary: '/usr/bin/chromium', debianPackage: 'chromium', usedBy: 'browser tests in tests/e2e' },
  { binary: '/usr/bin/promtool', debianPackage: 'prometheus', usedBy: 'Prometheus format and scrape tests' },
];

main();

function main(): void {
  if (process.env.FW_TEST_SETUP === 'skip') return;
  const missing = TOOLS.filter((tool) => !existsSync(tool.binary));
  if (missing.length === 0) return;
  const why = cannotInstallReason();
  if (why !== undefined) {
    report(missing, why);
    return;
  }
  const packages = missing.map((tool) => tool.debianPackage);
  log(`installing ${packages.join(', ')} from Debian's packages (apt-get)`);
  if (!aptInstall(packages)) {
    log('apt-get install failed; refreshing the package lists and trying once more');
    apt(['update', '-q']);
    aptInstall(packages);
  }
  const still = missing.filter((tool) => !existsSync(tool.binary));
  if (still.length > 0) report(still, 'apt-get could not install them');
}

function cannotInstallReason(): string | undefined {
  if (process.platform !== 'linux') return 'not a Linux machine';
  if (process.getuid?.() !== 0) return 'not running as root';
  if (!existsSync('/usr/bin/apt-get')) return 'no apt-get on this machine';
  return undefined;
}

function aptInstall(packages: readonly string[]): boolean {
  return apt(['install', '-y', '-q', '--no-install-recommends', ...packages]);
}

function apt(args: readonly string[]): boolean {
  const run = spawnSync('apt-get', args, {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 15 * 60_000,
  });
  return run.status === 0;
}

function report(tools: readonly Tool[], why: string): void {
  for (const tool of tools) {
    log(`${tool.binary} is missing (${why}); the ${tool.usedBy} will be skipped`);
  }
}

function log(message: string): void {
  process.stderr.write(`test-setup: ${message}\n`);
}
