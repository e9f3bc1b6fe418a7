import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "@shop/platform";
import type { DestinationStream } from "pino";
import { type RunningShop, startShop } from "../shop.ts";

export interface TestShop extends RunningShop {
  dataDir: string;
  /** Stops the shop and deletes its data folder. */
  destroy(): Promise<void>;
}

/** Boots the standalone shop on a random port with a fresh (or given) data folder. */
export const startTestShop = async (
  opts: { dataDir?: string; env?: Record<string, string>; logDestination?: DestinationStream } = {},
): Promise<TestShop> => {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "shop-test-"));
  const config = loadConfig({ PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...opts.env });
  const shop = await startShop({
    config,
    buildSpa: false,
    ...(opts.logDestination && { logDestination: opts.logDestination }),
  });
  return {
    ...shop,
    dataDir,
    async destroy() {
      await shop.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/**
 * The OTP from the newest delivery mail to `to` in the outbox, once one is there. The default wait
 * is 15 s: on a CI machine busy enough that a test shop took 12 s to start, one delivery mail took
 * over 5 s (then on the nice-10 status mail thread; OTP mails have their own thread since).
 */
export const otpFromOutbox = async (outboxDir: string, to: string, timeoutMs = 15_000): Promise<string> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (() => {
      try {
        return readdirSync(outboxDir).filter((f) => f.endsWith(".eml"));
      } catch {
        return [];
      }
    })();
    const byAge = files
      .map((f) => ({ f, at: statSync(join(outboxDir, f)).mtimeMs }))
      .sort((a, b) => b.at - a.at)
      .map((x) => x.f);
    for (const f of byAge) {
      const raw = readFileSync(join(outboxDir, f), "utf8");
      const match = /OTP: (\d{6})/.exec(raw);
      if (match?.[1] && raw.includes(`To: ${to}`) && raw.includes("Delivery OTP")) return match[1];
    }
    if (Date.now() > deadline) throw new Error(`no OTP mail to ${to} in ${outboxDir}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
