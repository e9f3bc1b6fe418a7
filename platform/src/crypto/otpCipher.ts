import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from "node:crypto";

/**
 * OTPs never enter the event log, a queue, a dashboard or a log line in clear: the mail job carries
 * the code sealed with AES-256-GCM, and the secrets store keeps only an HMAC of it. Both keys are
 * derived from the session secret, so no extra secret needs managing.
 */
export interface OtpCipher {
  generate(): string;
  seal(otp: string): string;
  open(sealed: string): string;
  digest(orderId: string, otp: string): string;
  matches(orderId: string, otp: string, digest: string): boolean;
}

const derive = (secret: string, info: string): Buffer =>
  Buffer.from(hkdfSync("sha256", secret, "school-shop", info, 32));

export const createOtpCipher = (sessionSecret: string): OtpCipher => {
  const sealKey = derive(sessionSecret, "otp-seal");
  const macKey = derive(sessionSecret, "otp-mac");
  const digest = (orderId: string, otp: string) =>
    createHmac("sha256", macKey).update(`${orderId}:${otp}`).digest("hex");
  return {
    generate: () => String(randomInt(0, 1_000_000)).padStart(6, "0"),
    seal(otp) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", sealKey, iv);
      const body = Buffer.concat([cipher.update(otp, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
    },
    open(sealed) {
      const raw = Buffer.from(sealed, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", sealKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
    digest,
    matches(orderId, otp, expected) {
      const a = Buffer.from(digest(orderId, otp), "hex");
      const b = Buffer.from(expected, "hex");
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
};
