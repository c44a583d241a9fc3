/**
 * `npm test`'s first step: makes sure the system tools some tests drive are present, installing
 * the missing ones from Debian's packages (`apt-get install --no-install-recommends`) when this
 * is a Debian machine and we are root, as on CI. The tools:
 *
 * - `chromium` (/usr/bin/chromium): the browser of tests/e2e, driven by playwright-core.
 * - `prometheus` (promtool and prometheus): `promtool check metrics` and a real scrape of /metrics.
 * - `haproxy` and `nginx`: the load balancers of the deploy tests (tests/e2e/deploy-*.test.ts),
 *   which run them as child processes on generated configurations, never as services. Their
 *   Debian packages would start a system service on install (and take port 80): while apt-get
 *   runs, a policy-rc.d that forbids starting services is put in place (unless the machine
 *   already has one, as Docker images do), and a service that runs after the install anyway is
 *   stopped. (prometheus's package has a service too, and gets the same treatment.)
 * - `pgbouncer`: PostgreSQL's connection pooler, which docs/operations.md suggests, for the test that cancels a read
 *   through it (examples/blog/test/support/pgbouncer.ts runs it as a child process; its service gets the same
 *   treatment).
 *
 * When a tool cannot be installed (not root, no apt-get, no network) this prints why and carries
 * on: the tests that need it are skipped with that reason, and everything else runs.
 * `FW_TEST_SETUP=skip` turns the step off. See README.md, "Running the end-to-end tests".
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { installLowestNode, lowestNodeVersion } from '../packages/fw-core/test/support/lowest-node.ts';

interface Tool {
  readonly binary: string;
  readonly debianPackage: string;
  readonly usedBy: string;
  /** The system service the package installs, which must not be left running. */
  readonly service?: string;
}

const TOOLS: readonly Tool[] = [
  { binary: '/usr/bin/chromium', debianPackage: 'chromium', usedBy: 'browser tests in tests/e2e' },
  { binary: '/usr/bin/promtool', debianPackage: 'prometheus', usedBy: 'Prometheus format and scrape tests', service: 'prometheus' },
  { binary: '/usr/sbin/haproxy', debianPackage: 'haproxy', usedBy: 'HAProxy deploy tests in tests/e2e', service: 'haproxy' },
  { binary: '/usr/sbin/nginx', debianPackage: 'nginx', usedBy: 'nginx deploy tests in tests/e2e', service: 'nginx' },
  { binary: '/usr/sbin/pgbouncer', debianPackage: 'pgbouncer', usedBy: 'the read-cancel test through PgBouncer in examples/blog/test', service: 'pgbouncer' },
];

/** Debian's hook that invoke-rc.d and deb-systemd-invoke ask before starting a service. */
const POLICY_RC_D = '/usr/sbin/policy-rc.d';

main();
installLowestNodeForTests();

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
  withoutServiceStarts(() => {
    if (!aptInstall(packages)) {
      log('apt-get install failed; refreshing the package lists and trying once more');
      apt(['update', '-q']);
      aptInstall(packages);
    }
  });
  stopServices(missing);
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

/**
 * Runs `install` with a policy-rc.d that answers 101 ("action forbidden"), so no package starts
 * its service; removes it afterwards, unless the machine had its own.
 */
function withoutServiceStarts(install: () => void): void {
  if (existsSync(POLICY_RC_D)) {
    install();
    return;
  }
  writeFileSync(POLICY_RC_D, '#!/bin/sh\n# Written by fw scripts/test-setup.ts while apt-get runs: start no service.\nexit 101\n');
  chmodSync(POLICY_RC_D, 0o755);
  try {
    install();
  } finally {
    rmSync(POLICY_RC_D, { force: true });
  }
}

/** Stops the service of each newly installed tool that runs anyway (a machine whose policy allows it). */
function stopServices(installed: readonly Tool[]): void {
  for (const { service } of installed) {
    if (service === undefined || spawnSync('pgrep', ['-x', service]).status !== 0) continue;
    log(`the ${service} service was started by its package; stopping it (the tests run their own ${service})`);
    spawnSync('service', [service, 'stop'], { stdio: 'ignore', timeout: 60_000 });
    if (spawnSync('pgrep', ['-x', service]).status === 0) log(`the ${service} service still runs: stop it (systemctl stop ${service}) before the tests`);
  }
}

function report(tools: readonly Tool[], why: string): void {
  for (const tool of tools) {
    log(`${tool.binary} is missing (${why}); the ${tool.usedBy} will be skipped`);
  }
}

function log(message: string): void {
  process.stderr.write(`test-setup: ${message}\n`);
}

/**
 * The lowest Node fw-core's `engines` admits, for the tests that run on it
 * (packages/fw-core/test/node-internals-contract.test.ts, tests/fw-core-package.test.ts): its
 * binary package (node-<os>-<arch>) from the npm registry into node_modules/.cache/fw-lowest-node,
 * once. Without it those tests are skipped, saying so.
 */
function installLowestNodeForTests(): void {
  if (process.env.FW_TEST_SETUP === 'skip') return;
  if (installLowestNode() === undefined) log(`could not install Node ${lowestNodeVersion()} with npm; the tests on the lowest Node fw-core admits will be skipped`);
}
