import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Device cookies (OWASP's "Slow down online guessing attacks with device cookies"): a browser that
 * signed in to an account keeps a value only this server can make, bound to that account's login,
 * so its sign-ins count against a limit of its own and guesses from elsewhere cannot lock it out.
 * The value is `<device id>.<issued, epoch seconds>.<HMAC-SHA256 of both and the login>`: the login
 * is not in it (the cookie names no account), and the key is derived from the session secret, so
 * no extra secret needs managing and no state is kept per device.
 */
export interface DeviceTokens {
  issue(login: string): string;
  /** The device id when `value` was issued for `login` here less than DEVICE_TTL_SECONDS ago, else null. */
  verify(value: string, login: string): string | null;
}

/** How long a browser stays known after its last sign-in (each sign-in issues a fresh value). */
export const DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;

/** 16 random bytes, seconds, 32 bytes of HMAC, each in base64url or decimal. */
const SHAPE = /^([A-Za-z0-9_-]{22})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/;

export const createDeviceTokens = (sessionSecret: string, now: () => number = Date.now): DeviceTokens => {
  const key = Buffer.from(hkdfSync("sha256", sessionSecret, "school-shop", "device-cookie", 32));
  const mac = (device: string, issued: string, login: string) =>
    createHmac("sha256", key).update(`${device}.${issued}.${login}`).digest();
  return {
    issue(login) {
      const device = randomBytes(16).toString("base64url");
      const issued = String(Math.floor(now() / 1000));
      return `${device}.${issued}.${mac(device, issued, login).toString("base64url")}`;
    },
    verify(value, login) {
      const parts = SHAPE.exec(value);
      if (!parts) return null;
      const [, device = "", issued = "", signature = ""] = parts;
      const age = Math.floor(now() / 1000) - Number(issued);
      if (age < 0 || age >= DEVICE_TTL_SECONDS) return null;
      const given = Buffer.from(signature, "base64url");
      const expected = mac(device, issued, login);
      return given.length === expected.length && timingSafeEqual(given, expected) ? device : null;
    },
  };
};
