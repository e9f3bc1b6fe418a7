import type sharpModule from "sharp";

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp (libvips), loaded on first use: it adds ~28 MiB to a process's RSS, which the shop need
 * not carry until it processes its first upload (or seeds demo covers).
 */
export const loadSharp = (): Promise<typeof sharpModule> => {
  loading ??= import("sharp").then((m) => m.default);
  return loading;
};
