import { uploadOwnerKey, uploadUrlOf } from "@shop/contracts";
import type { SecretStore } from "@shop/platform";

/** Who uploaded an image, by its URL: only they may attach it (finding 8). Kept about a year. */
const OWNER_TTL_MS = 400 * 24 * 60 * 60 * 1000;

export const recordUploader = (secrets: SecretStore, url: string, userId: string) =>
  secrets.set(uploadOwnerKey(url), userId, OWNER_TTL_MS);

/**
 * Takes an uploaded book-list photo for one book list, in one atomic step: true the first time
 * only, so one upload cannot be sent as a stream of book lists (by its URL or its thumbnail's: both
 * are the one upload). An image without a recorded uploader (demo data, from before the binding)
 * was never an upload of this kind and is not counted.
 */
export const claimUpload = async (secrets: SecretStore, url: string): Promise<boolean> => {
  const upload = uploadUrlOf(url);
  return (
    (await uploaderOf(secrets, upload)) === null ||
    (await secrets.incr(`upload-attached:${upload}`, OWNER_TTL_MS)) === 1
  );
};

/**
 * The uploader's user id, or null for an image from before the binding (demo data, old uploads).
 * A thumbnail (`….thumb.png`) is its upload's: the uploader is recorded under the upload's URL.
 */
export const uploaderOf = (secrets: SecretStore, url: string) =>
  secrets.get(uploadOwnerKey(uploadUrlOf(url)));
