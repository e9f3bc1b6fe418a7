import { Texts } from "@shop/contracts";
import { ApiError } from "./api-client.ts";

export type MediaFolder = "bookList" | "books" | "schools" | "stationeries" | "promotions";

/** Spec §5: only png, jpg and jpeg images are accepted. */
export const ALLOWED_IMAGE_TYPES = ["image/png", "image/jpeg"] as const;
export const IMAGE_ACCEPT = ".png,.jpg,.jpeg,image/png,image/jpeg";

export const isAllowedImage = (file: File): boolean =>
  /\.(png|jpe?g)$/i.test(file.name) &&
  (file.type === "" || (ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type));

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
      reject(new ApiError({ status: xhr.status, detail: detailOf(xhr) }));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, detail: Texts.failedToFetch }));
    const form = new FormData();
    form.append("folder", folder);
    form.append("file", file);
    xhr.send(form);
  });

/** Test seam: specs replace `uploader.upload` (jsdom has no server to take the XHR). */
export const uploader = { upload: xhrUpload };
