/**
 * A real browser for the tests of pages and of what browsers enforce (CSP, CORS): Debian's Chromium,
 * driven by playwright-core. It is a system package, not an npm one: `.ci/run` installs it when it is
 * missing; elsewhere the suites that need it skip and say so (and fail under CI, where a skip would hide
 * them). CHROMIUM_PATH points at another binary.
 */
import { existsSync } from 'node:fs';
import { Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function hasChromium(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const message = `no Chromium at ${CHROMIUM_PATH}: the browser suites need Debian's chromium package (apt-get install chromium; .ci/run does it) or CHROMIUM_PATH`;
  if (process.env.CI) throw new Error(`${message}; CI must have it`);
  console.warn(message);
  return false;
}

/** Headless, with the background services off: this machine's network refuses them, noisily. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
