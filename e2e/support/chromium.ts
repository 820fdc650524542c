import fs from 'node:fs';

/** Debian's Chromium (never a downloaded browser); CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) {
    throw new Error(
      'The browser tests need Chromium, which is not installed.\n' +
        '  Install it with:  sudo apt-get install chromium\n' +
        '  (or set CHROMIUM_PATH to a Chromium binary)',
    );
  }
  return found;
}
