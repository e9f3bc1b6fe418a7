import { randomUUID } from "node:crypto";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { MEDIA_FOLDERS, type MediaFolder } from "@shop/contracts";
import { StoreUnavailableError } from "../ports/eventStore.ts";
import type { MediaStore } from "../ports/media.ts";

export interface DirMediaStoreOptions {
  /** MEDIA_DIR: a shared volume in compose, `DATA_DIR/media` embedded. */
  root: string;
}

// Names the server generates: no separators, no leading dot, nothing a URL or a shell would
// reinterpret. Anything else is refused rather than cleaned up, so a URL maps to one file only.
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)*$/;
const MAX_NAME = 128;
const URL_PATTERN = new RegExp(`^/media/(${MEDIA_FOLDERS.join("|")})/([^/]+)$`);

export function isSafeMediaName(name: string): boolean {
  return name.length <= MAX_NAME && SAFE_NAME.test(name);
}

function isMediaFolder(folder: string): folder is MediaFolder {
  return (MEDIA_FOLDERS as readonly string[]).includes(folder);
}

/**
 * The disk's faults, not the request's: no room (ENOSPC, EDQUOT), an I/O error, a read-only or
 * unwritable folder, or a folder that is gone and cannot be made (ENOENT: a recursive mkdir on an
 * empty read-only volume says so, not EROFS; every path written here is the store's own). They are
 * an outage of the media store (503 with Retry-After), not a 500.
 */
const DISK_FAULTS = new Set(["ENOSPC", "EDQUOT", "EIO", "EROFS", "EACCES", "EPERM", "ENOENT"]);

async function writeAtomically(path: string, bytes: Uint8Array): Promise<void> {
  // Dot-prefixed: never a servable name, even for a moment.
  const temporary = join(dirname(path), `.${basename(path)}.${randomUUID()}.tmp`);
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(temporary, bytes, { flush: true });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => {});
    const code = (error as NodeJS.ErrnoException).code;
    if (code && DISK_FAULTS.has(code))
      throw new StoreUnavailableError(`media store unavailable: ${(error as Error).message}`, {
        cause: error,
      });
    throw error;
  }
}

/** The media folder: uploads land in `incoming/`, processed images under one folder per kind. */
export function createDirMediaStore(options: DirMediaStoreOptions): MediaStore {
  const root = resolve(options.root);

  const pathOf = (url: string): string | null => {
    const match = URL_PATTERN.exec(url);
    if (!match) return null;
    const [, folder, name] = match;
    if (!folder || !name || !isMediaFolder(folder) || !isSafeMediaName(name)) return null;
    return join(root, folder, name);
  };

  return {
    root,
    async writeIncoming(bytes) {
      const path = join(root, "incoming", randomUUID());
      await writeAtomically(path, bytes);
      return path;
    },
    async store(folder, name, bytes) {
      if (!isMediaFolder(folder)) throw new Error(`unknown media folder: ${String(folder)}`);
      if (!isSafeMediaName(name)) throw new Error(`unsafe media file name: ${name}`);
      await writeAtomically(join(root, folder, name), bytes);
      return `/media/${folder}/${name}`;
    },
    pathOf,
    async exists(url) {
      const path = pathOf(url);
      if (!path) return false;
      return stat(path).then(
        (s) => s.isFile(),
        () => false,
      );
    },
  };
}
