import { readFile, rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import {
  IMAGE_MAX_SIDE,
  type ImageJob,
  type ImageJobResult,
  type ImageRefusal,
  type ImageType,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE_IN,
  MAX_UPLOAD_BYTES,
  sniffImageType,
  THUMBNAIL_MAX_SIDE,
} from "@shop/contracts";
import type { Job, MediaStore } from "@shop/platform";
import type { Logger } from "pino";
import type { Metadata, Sharp } from "sharp";
import { extensionOf, storedImageName, thumbnailNameOf } from "./imageName.ts";
import { loadSharp } from "./loadSharp.ts";

/** The bytes are not an image this shop takes; the upload answers 415 or 413 from `refusal`. */
export class ImageRefusedError extends Error {
  override name = "ImageRefusedError";
  readonly refusal: ImageRefusal;
  constructor(refusal: ImageRefusal, message: string) {
    super(message);
    this.refusal = refusal;
  }
}

export interface ProcessedImage {
  type: ImageType;
  image: Buffer;
  thumbnail: Buffer;
}

const encode = (pipeline: Sharp, type: ImageType): Promise<Buffer> =>
  type === "jpeg"
    ? pipeline.jpeg({ quality: 85 }).toBuffer()
    : type === "webp"
      ? pipeline.webp({ quality: 85 }).toBuffer()
      : pipeline.png().toBuffer();

/**
 * Checks and re-encodes an upload: png, jpeg or webp by its magic bytes and by what the decoder finds,
 * at most MAX_IMAGE_PIXELS (a few kilobytes can declare a canvas that takes gigabytes to decode) and
 * MAX_IMAGE_SIDE_IN on either side (a canvas one pixel wide costs per row),
 * turned upright from its EXIF orientation, bounded to IMAGE_MAX_SIDE, and written anew without
 * any metadata (sharp keeps none unless asked: no EXIF, GPS, XMP, ICC or text chunks survive).
 */
export const processImageBytes = async (bytes: Uint8Array): Promise<ProcessedImage> => {
  const type = sniffImageType(bytes);
  if (!type) throw new ImageRefusedError("unsupported_type", "not a png, jpeg or webp file");
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // Header only: the pixel limit is checked below, where its refusal can say so.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefusedError("unsupported_type", `unreadable ${type} file`);
  }
  if (meta.format !== type)
    throw new ImageRefusedError("unsupported_type", `starts like ${type} but decodes as ${meta.format}`);
  const { width, height } = meta;
  if (!width || !height) throw new ImageRefusedError("unsupported_type", "image without dimensions");
  if (width * height > MAX_IMAGE_PIXELS)
    throw new ImageRefusedError("too_large", `${width}×${height} is more than ${MAX_IMAGE_PIXELS} pixels`);
  if (width > MAX_IMAGE_SIDE_IN || height > MAX_IMAGE_SIDE_IN)
    throw new ImageRefusedError(
      "too_large",
      `${width}×${height} has a side over ${MAX_IMAGE_SIDE_IN} pixels`,
    );
  try {
    const image = await encode(
      sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
        .autoOrient()
        .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true }),
      type,
    );
    const thumbnail = await encode(
      sharp(image).resize({
        width: THUMBNAIL_MAX_SIDE,
        height: THUMBNAIL_MAX_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      }),
      type,
    );
    return { type, image, thumbnail };
  } catch (err) {
    // A header that reads well over a body that does not (truncated, corrupt) is still not an image.
    throw new ImageRefusedError(
      "unsupported_type",
      `cannot decode the ${type} file: ${(err as Error).message}`,
    );
  }
};

export interface ImageHandlerDeps {
  media: MediaStore;
  logger?: Pick<Logger, "info">;
  now?: () => Date;
}

/**
 * The `images` queue's handler: reads the upload from `incoming/`, processes it, stores the image
 * and its thumbnail under the job's folder and answers the URL. The incoming file is removed
 * whatever the outcome (the request that wrote it is waiting for this job and does not retry it),
 * so nothing a client sent stays in the media folder unless it was processed.
 */
export const createImageHandler =
  (deps: ImageHandlerDeps) =>
  async (job: Job<ImageJob>): Promise<ImageJobResult> => {
    const { incomingPath, folder, originalName, fixedName } = job.data;
    const incoming = resolve(incomingPath);
    // The job names a file to read and delete: only ever one directly inside `incoming/`.
    if (dirname(incoming) !== join(deps.media.root, "incoming"))
      throw new Error(`image job ${job.id}: not an incoming file`);
    try {
      const bytes = await readFile(incoming);
      if (bytes.length > MAX_UPLOAD_BYTES)
        throw new ImageRefusedError("too_large", "file over the upload limit");
      const processed = await processImageBytes(bytes);
      if (fixedName !== undefined && !fixedName.endsWith(`.${extensionOf(processed.type)}`))
        throw new Error(`image job ${job.id}: ${fixedName} is not a ${processed.type} name`);
      const name = fixedName ?? storedImageName(originalName, processed.type, deps.now?.() ?? new Date());
      // The thumbnail first: once the image's URL exists, so does its thumbnail.
      const thumbnailUrl = await deps.media.store(folder, thumbnailNameOf(name), processed.thumbnail);
      const url = await deps.media.store(folder, name, processed.image);
      deps.logger?.info({ job: job.id, folder, url }, "image stored");
      return { ok: true, url, thumbnailUrl };
    } catch (err) {
      if (!(err instanceof ImageRefusedError)) throw err;
      deps.logger?.info({ job: job.id, folder, refusal: err.refusal, reason: err.message }, "image refused");
      return { ok: false, refusal: err.refusal, reason: err.message };
    } finally {
      await rm(incoming, { force: true });
    }
  };
