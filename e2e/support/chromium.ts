import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Where Debian's Chromium is; never a browser downloaded by a test tool. */
export function findChromium(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium'].filter((path): path is string =>
    Boolean(path),
  );
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      `No Chromium found (looked at ${candidates.join(', ')}). The browser tests need Debian's ` +
        'Chromium: install it with `sudo apt-get update && sudo apt-get install -y chromium`, ' +
        'or set CHROME_PATH to a Chromium or Chrome binary.',
    );
  }
  return found;
}

/** Flags every launch needs here: no sandbox as root, and no calls to a network it cannot reach. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}
