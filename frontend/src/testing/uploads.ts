import { vi } from "vitest";
import { ApiError } from "../lib/api-client.ts";
import { uploader } from "../lib/upload.ts";

/** Replaces the XHR upload: answers `url` (reporting 50 % progress first), or fails when `url` is null. */
export const mockUpload = (url: string | null) =>
  vi.spyOn(uploader, "upload").mockImplementation(async (_file, _folder, onProgress) => {
    onProgress?.(50);
    if (url === null) throw new ApiError({ status: 415, detail: "use only specified file type!" });
    return { url };
  });

export const pngFile = (name = "Front View.png") => new File(["\x89PNG"], name, { type: "image/png" });
