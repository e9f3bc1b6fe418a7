import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

// N=2^15, r=8, p=1: OWASP's scrypt minimum is N=2^17 with p=1; 2^15 keeps a login near 70 ms (off the event loop) on
// the 2-core demo machine while still costing 32 MiB per guess. The encoded string names its own
// parameters, so raising them later leaves old hashes verifiable.
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// Bounds for parameters read back from a stored hash, so a corrupt row cannot exhaust memory.
const MAX_N = 2 ** 20;
const MAX_RP = 64;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  const maxmem = 128 * (options.N ?? N) * (options.r ?? R) * 2 + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (salt and hash base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return ["scrypt", N, R, P, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const validN = Number.isInteger(n) && n > 1 && n <= MAX_N && (n & (n - 1)) === 0;
  const validRp = [r, p].every((v) => Number.isInteger(v) && v >= 1 && v <= MAX_RP);
  if (!validN || !validRp) return false;
  const salt = Buffer.from(parts[4]!, "base64url");
  const expected = Buffer.from(parts[5]!, "base64url");
  if (salt.length === 0 || expected.length < 16) return false;
  const actual = await derive(password, salt, expected.length, { N: n, r, p });
  return timingSafeEqual(actual, expected);
}
