/**
 * Headless Chromium for the browser tests: the Debian package at /usr/bin/chromium (installed by
 * scripts/test-setup.ts on CI), driven by playwright-core. Never downloads a browser; when the
 * binary is absent the tests skip with SKIP_REASON.
 */
import { chromium, type Browser } from 'playwright-core';
import { missingToolReason } from './debian-tool.ts';

/** The browser binary the tests use. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Why the browser tests skip, or false when Chromium is there. */
export const SKIP_REASON = missingToolReason(CHROMIUM_PATH, 'chromium');

/** Flags for a quiet headless run that talks to nothing but the pages it is sent to. */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches Chromium with a fresh temporary profile (playwright's launch makes and removes it). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS, timeout: 30_000 });
}
