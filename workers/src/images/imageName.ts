import { randomBytes } from "node:crypto";
import type { ImageType } from "@shop/contracts";

const EXTENSION: Record<ImageType, string> = { png: "png", jpeg: "jpg", webp: "webp" };
const MAX_BASE = 60;

/** `20261122-101530`: the UTC date and time an image was stored. */
const stamp = (at: Date): string => {
  const iso = at.toISOString(); // 2026-11-22T10:15:30.123Z
  return `${iso.slice(0, 10).replaceAll("-", "")}-${iso.slice(11, 19).replaceAll(":", "")}`;
};

/**
 * The client's file name reduced to a safe base: no folders (either slash), no extension, lower
 * case, no spaces, only [a-z0-9_-]. Dots become dashes because the media store only allows dots
 * between plain alphanumeric parts (so `.thumb.png` stays unambiguous). Nothing left → `image`.
 */
export const baseNameOf = (originalName: string): string => {
  const file = originalName.split(/[/\\]/).at(-1) ?? "";
  const dot = file.lastIndexOf(".");
  const stem = dot > 0 ? file.slice(0, dot) : file;
  const base = stem
    .toLowerCase()
    .replace(/\s+/g, "")
    .replace(/\./g, "-")
    .replace(/[^a-z0-9_-]/g, "")
    .replace(/^[^a-z0-9]+/, "")
    .slice(0, MAX_BASE)
    .replace(/[_-]+$/, "");
  return base || "image";
};

/**
 * The stored name (spec §3): the original base name lower-cased without spaces, a date-time
 * stamp, then the extension of the type the bytes really are. A short random tag after the stamp
 * keeps two uploads of `image.jpg` in the same second from overwriting each other.
 */
export const storedImageName = (
  originalName: string,
  type: ImageType,
  at: Date,
  tag: string = randomBytes(3).toString("hex"),
): string => `${baseNameOf(originalName)}-${stamp(at)}-${tag}.${EXTENSION[type]}`;

/** `name-….jpg` → `name-….thumb.jpg`. */
export const thumbnailNameOf = (name: string): string => {
  const dot = name.lastIndexOf(".");
  return `${name.slice(0, dot)}.thumb${name.slice(dot)}`;
};

export const extensionOf = (type: ImageType): string => EXTENSION[type];
