import type { MediaFolder } from "./fields.ts";

/**
 * Book-list photos (a child's name, class and school) are their customer's and the admins' only:
 * served to them alone and never kept by a shared cache. Every other folder is the public catalogue.
 */
export const isPrivateMedia = (url: string): boolean => url.startsWith("/media/bookList/");
/** The upload an image URL comes from: a thumbnail's is its image's (`x.thumb.png` → `x.png`). */
export const uploadUrlOf = (url: string): string => url.replace(/\.thumb(\.[a-z0-9]+)$/, "$1");
/** Where the secrets store keeps who uploaded an image (set by command-api, read to serve it). */
export const uploadOwnerKey = (url: string): string => `upload-owner:${url}`;

/** Job queues command-api enqueues on and workers handle. */
export const Queues = { mail: "mail", images: "images" } as const;

/** The image job's one name on the `images` queue. */
export const IMAGE_JOB = "process-image";

/**
 * Uploads larger than this are refused with 413 before anything is stored: a camera's 15 MB photo
 * passes (the worker resizes it down to IMAGE_MAX_SIDE).
 */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** The limit in words, as a screen states it beside the file picker. */
export const MAX_UPLOAD_TEXT = `${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`;
/** What a file picker offers: the types the image worker takes (see `sniffImageType`). */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/webp";
/** Decoded size above which an image is refused: a small file may declare a huge canvas (50 MP cameras pass). */
export const MAX_IMAGE_PIXELS = 64_000_000;
/**
 * Longest side an upload may have (WebP's own bound is 16,383, JPEG's 65,535; a PNG may declare
 * 2^31): the decoder's cost grows with the rows, so a 1 × 64,000,000 PNG of 250 kB took ~24 s of a
 * core. 20,000 px passes any photo or scan of a book list.
 */
export const MAX_IMAGE_SIDE_IN = 20_000;
/**
 * Uploads waiting for the image worker, per user and in all, on one command-api: past either the
 * upload answers 503 with Retry-After at once, so one user's burst cannot starve the others.
 * A place in all is taken only once the body is in: a slow sender never holds one.
 */
export const UPLOADS_PER_USER = 2;
export const UPLOADS_IN_FLIGHT = 8;
/** Uploads whose bodies are being received at once (each up to MAX_UPLOAD_BYTES in memory), per user as above. */
export const UPLOADS_RECEIVING = 16;
/**
 * Of those, what one client address (an IPv6 /64) may hold: accounts made on one address cannot
 * take every place with senders that trickle.
 */
export const UPLOADS_RECEIVING_PER_ADDRESS = 4;
/** The admins' own places for bodies being received, which customers' uploads never take. */
export const UPLOADS_RECEIVING_ADMIN = 4;
/** How long an upload's body may take to arrive by default (UPLOAD_RECEIVE_MS); then 408. */
export const UPLOAD_RECEIVE_MS = 60_000;
/** How long an upload waits for its image job by default (UPLOAD_WAIT_MS); then 503. */
export const UPLOAD_WAIT_MS = 30_000;
/** Stored images are bounded on their long side; thumbnails likewise. */
export const IMAGE_MAX_SIDE = 1600;
export const THUMBNAIL_MAX_SIDE = 320;

export interface ImageJob {
  /** A file the upload wrote into the media `incoming/` folder; the worker deletes it when done. */
  incomingPath: string;
  folder: MediaFolder;
  /** The client's file name: only its base name survives, sanitised, into the stored name. */
  originalName: string;
  /**
   * A fixed stored name, for demo data that must keep one URL across restarts. Never taken from
   * a request: uploads always get a generated name.
   */
  fixedName?: string;
}

/** Why an image was refused: the upload answers 415 or 413 from it. */
export type ImageRefusal = "unsupported_type" | "too_large";

/**
 * A refusal is an answer, not a job failure: it crosses the queue as a value (BullMQ keeps only
 * the message of a thrown error) and is never retried.
 */
export type ImageJobResult =
  | { ok: true; url: string; thumbnailUrl: string }
  | { ok: false; refusal: ImageRefusal; reason: string };

export type ImageType = "png" | "jpeg" | "webp";

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...bytes.subarray(from, to));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The type the bytes say they are (magic numbers), whatever the file's name or MIME type claim. */
export const sniffImageType = (bytes: Uint8Array): ImageType | null => {
  if (bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  return null;
};
