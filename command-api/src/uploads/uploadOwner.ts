import type { SecretStore } from "@shop/platform";

/** Who uploaded an image, by its URL: only they may attach it (finding 8). Kept about a year. */
const OWNER_TTL_MS = 400 * 24 * 60 * 60 * 1000;
const ownerKey = (url: string) => `upload-owner:${url}`;

export const recordUploader = (secrets: SecretStore, url: string, userId: string) =>
  secrets.set(ownerKey(url), userId, OWNER_TTL_MS);

/** The uploader's user id, or null for an image from before the binding (demo data, old uploads). */
export const uploaderOf = (secrets: SecretStore, url: string) => secrets.get(ownerKey(url));
