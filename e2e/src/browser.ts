import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), "..", "screenshots");

/** Debian's Chromium with the flags this machine needs (no sandbox as root, no background network). */
export const launchChromium = async (options: { timeoutMs?: number } = {}): Promise<Browser> => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    ...(options.timeoutMs !== undefined && { timeout: options.timeoutMs }),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
};

/** A full-page screenshot under e2e/screenshots/ (ignored by git), named for the journey step. */
export const snap = async (page: Page, name: string): Promise<void> => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
};
