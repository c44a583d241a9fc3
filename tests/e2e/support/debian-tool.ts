/**
 * The system tools some e2e tests run (a browser, load balancers): npm test's
 * scripts/test-setup.ts installs their Debian packages when it can; without them the tests skip.
 */
import { existsSync } from 'node:fs';

/** Why the tests that run `binary` skip, or false when it is there. */
export function missingToolReason(binary: string, debianPackage: string): string | false {
  return existsSync(binary) ? false : `${binary} is missing (npm test's scripts/test-setup.ts installs the Debian package ${debianPackage} when run as root)`;
}
