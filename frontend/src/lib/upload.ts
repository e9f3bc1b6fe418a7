import { Texts } from "@shop/contracts";
import { ApiError } from "./api-client.ts";

export type MediaFolder = "bookList" | "books" | "schools" | "stationeries" | "promotions";

/**
 * Photos up to 15 MB, JPEG, PNG or WebP (an ordinary phone photo of a book list; the image worker
 * resizes them down). The server checks the same and answers in the same words.
 */
export const ALLOWED_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const IMAGE_ACCEPT = ".png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp";
export const MAX_UPLOAD_MB = 15;
/** Shown beside every file picker. */
export const UPLOAD_LIMIT_TEXT = `JPEG, PNG or WebP, up to ${MAX_UPLOAD_MB} MB`;

export const isAllowedImage = (file: File): boolean =>
  /\.(png|jpe?g|webp)$/i.test(file.name) &&
  (file.type === "" || (ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type));

export const isTooLarge = (file: File): boolean => file.size > MAX_UPLOAD_MB * 1024 * 1024;

/**
 * Why a picked file cannot be sent, in the server's words ('use only specified file type!',
 * 'File too large'), or null when it may go.
 */
export const refusalOf = (file: File): string | null =>
  !isAllowedImage(file) ? Texts.wrongFileType : isTooLarge(file) ? Texts.fileTooLarge : null;

/**
 * What to tell the user about a failed upload: the server's problem detail when it refused the
 * file (a 4xx: 'File too large', 'use only specified file type!', …), else `fallback`.
 */
export const uploadFailureText = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.detail
    ? error.detail
    : fallback;

const detailOf = (xhr: XMLHttpRequest): string => {
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    if (body && typeof body === "object" && "detail" in body && typeof body.detail === "string")
      return body.detail;
  } catch {
    // not a problem document
  }
  return xhr.statusText || `Upload failed (${xhr.status})`;
};

/**
 * POST /api/uploads as multipart, through XMLHttpRequest: fetch reports no upload progress.
 * `onProgress` gets 0–100. Resolves with the stored image's URL.
 */
const xhrUpload = (file: File, folder: MediaFolder, onProgress?: (percent: number) => void) =>
  new Promise<{ url: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/uploads");
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json, application/problem+json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as { url: string });
        } catch {
          reject(new ApiError({ status: xhr.status, detail: Texts.failedToFetch }));
        }
        return;
      }
      // A server fault reads 'Failed to fetch!', never the server's own text.
      const detail = xhr.status >= 500 ? Texts.failedToFetch : detailOf(xhr);
      reject(new ApiError({ status: xhr.status, detail }));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, detail: Texts.failedToFetch }));
    const form = new FormData();
    form.append("folder", folder);
    form.append("file", file);
    xhr.send(form);
  });

/** Test seam: specs replace `uploader.upload` (jsdom has no server to take the XHR). */
export const uploader = { upload: xhrUpload };
