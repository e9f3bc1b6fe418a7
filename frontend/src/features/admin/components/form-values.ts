import type { MediaFolder } from "@shop/contracts";

/**
 * A URL of the shape the server issues, standing in for a picked file while a form is checked: the
 * form is validated (with the contracts' schema) before the image is uploaded.
 */
export const pendingImageUrl = (folder: MediaFolder): string => `/media/${folder}/pending.png`;

/** A number field's value for validation: blank stays blank (so it reads as missing), else a number. */
export const numberOrBlank = (v: string | undefined): number | "" =>
  v === undefined || v.trim() === "" ? "" : Number(v);

/** Rupees typed in a form → paise for the API (blank stays blank). */
export const rupeesToPaise = (v: string | undefined): number | "" => {
  const n = numberOrBlank(v);
  return n === "" ? "" : Math.round(n * 100);
};

export const paiseToRupees = (paise: number): string => String(paise / 100);
