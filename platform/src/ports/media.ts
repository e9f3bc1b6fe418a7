import type { MediaFolder } from "@shop/contracts";

/** The media directory: bytes land in `incoming/`, the image worker stores them under a folder. */
export interface MediaStore {
  readonly root: string;
  /** Writes bytes into `incoming/` under a generated name; answers the file's path. */
  writeIncoming(bytes: Uint8Array): Promise<string>;
  /** Stores bytes as `/<folder>/<name>`; answers the public URL `/media/<folder>/<name>`. */
  store(folder: MediaFolder, name: string, bytes: Uint8Array): Promise<string>;
  /** The file behind a URL this store issued, or null for any other URL. */
  pathOf(url: string): string | null;
  exists(url: string): Promise<boolean>;
}
