import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "../config/config.ts";

export const SESSION_SECRET_FILE = "session-secret";

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";
const isTaken = (error: unknown) => (error as NodeJS.ErrnoException).code === "EEXIST";

/**
 * SESSION_SECRET when set. Otherwise the embedded profile keeps a generated secret in
 * `DATA_DIR/session-secret` (so sessions survive a restart), and production refuses to start:
 * a secret invented per instance would reject the tokens of every other instance.
 */
export async function resolveSessionSecret(
  config: Pick<Config, "sessionSecret" | "profile" | "dataDir">,
): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  if (config.profile === "production") {
    throw new Error("SESSION_SECRET is required when EVENTSTORE_URL is set (production profile)");
  }
  const file = join(config.dataDir, SESSION_SECRET_FILE);
  const existing = await readSecret(file);
  if (existing) return existing;
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  try {
    // `wx`: if two processes start at once, exactly one writes and both use its secret.
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: "wx", flush: true });
    return secret;
  } catch (error) {
    if (!isTaken(error)) throw error;
    const winner = await readSecret(file);
    if (!winner) throw new Error(`${file} exists but holds no usable secret`);
    return winner;
  }
}

async function readSecret(file: string): Promise<string | null> {
  try {
    const secret = (await readFile(file, "utf8")).trim();
    if (secret.length < 32)
      throw new Error(`${file} holds no usable secret (delete it to generate a new one)`);
    return secret;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}
