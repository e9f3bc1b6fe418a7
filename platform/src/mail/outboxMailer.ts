import { randomUUID } from "node:crypto";
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { access, mkdir, open, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { v7 as uuidv7 } from "uuid";
import type { Mailer } from "../ports/mail.ts";
import { composeMessage } from "./composeMessage.ts";
import { DEFAULT_FROM, fileNameFor, messageIdHeader } from "./messageId.ts";

export interface OutboxMailerOptions {
  /** Usually `DATA_DIR/outbox`. */
  dir: string;
  from?: string;
  /**
   * The mailer has a thread of its own (the embedded shop's mail thread): its file calls then
   * block that thread rather than go through the process's shared libuv pool. Creating a file
   * is mostly kernel time; this way it runs at the mail thread's lowered priority and never
   * queues beside the API's own file work. Never set it for a mailer on an event loop that
   * answers requests.
   */
  ownThread?: boolean;
  /** The file steps (tests: to watch them); by default the pool's or the blocking ones above. */
  files?: OutboxFiles;
}

/** The outbox's file steps, as promises on the libuv pool or as blocking calls. */
export interface OutboxFiles {
  exists(path: string): Promise<boolean>;
  /** Writes and flushes the file to disk (the mail holds an OTP or a status change). */
  writeDurably(path: string, data: string | Buffer): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** Flushes the folder's own entries to disk, so that a rename in it survives a power cut. */
  syncFolder(path: string): Promise<void>;
  remove(path: string): Promise<void>;
}

// A folder cannot be opened to be flushed on Windows; its file system orders the rename itself.
const FOLDERS_SYNC = process.platform !== "win32";

const pooledFiles: OutboxFiles = {
  exists: (path) =>
    access(path).then(
      () => true,
      () => false,
    ),
  writeDurably: (path, data) => writeFile(path, data, { flush: true, mode: 0o600 }),
  rename,
  syncFolder: async (path) => {
    if (!FOLDERS_SYNC) return;
    const folder = await open(path, "r");
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  },
  remove: (path) => rm(path, { force: true }),
};

const blockingFiles: OutboxFiles = {
  exists: async (path) => existsSync(path),
  writeDurably: async (path, data) => writeFileSync(path, data, { flush: true, mode: 0o600 }),
  rename: async (from, to) => renameSync(from, to),
  syncFolder: async (path) => {
    if (!FOLDERS_SYNC) return;
    const fd = openSync(path, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  },
  remove: async (path) => rmSync(path, { force: true }),
};

/** The file steps a mailer uses unless given its own: blocking calls on its own thread, else the pool's. */
export const defaultOutboxFiles = (ownThread?: boolean): OutboxFiles =>
  ownThread ? blockingFiles : pooledFiles;

/**
 * The embedded mailer: each mail becomes one RFC 5322 `.eml` file in `dir`. A file is written
 * under a dot-prefixed temporary name, flushed, and renamed when complete, so anyone watching the
 * folder never reads half a mail; the folder is flushed after the rename, so a sent mail keeps its
 * name through a power cut. The file is named after the message id, which makes a retried send
 * with the same `messageId` a no-op.
 */
export function createOutboxMailer(options: OutboxMailerOptions): Mailer {
  const from = options.from ?? DEFAULT_FROM;
  const files = options.files ?? defaultOutboxFiles(options.ownThread);
  // Made once, not per mail. If the folder disappears while running, the failed send forgets it,
  // so the job's retry makes it again.
  let folder: Promise<unknown> | undefined;
  const ensureFolder = () => {
    // The mails hold OTPs and addresses: the folder and its files are the owner's alone.
    folder ??= mkdir(options.dir, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      folder = undefined;
      throw error;
    });
    return folder;
  };
  // A mail is sent once its name is on disk too: the folder is flushed after the rename. The
  // mails renamed in one turn of the event loop share one flush (a batch of status mails on the
  // mail thread, one fsync of the folder rather than one per mail).
  let folderFlush: Promise<void> | undefined;
  const flushFolder = () => {
    folderFlush ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      // Renames from now on wait for the next flush: this one may have started before them.
      folderFlush = undefined;
      return files.syncFolder(options.dir);
    });
    return folderFlush;
  };
  return {
    async send(mail) {
      // Version 7 UUIDs sort by time, so generated file names list in sending order.
      const id = mail.messageId ?? uuidv7();
      const messageId = messageIdHeader(id, from);
      const name = fileNameFor(id);
      const target = join(options.dir, name);
      await ensureFolder();
      if (await files.exists(target)) {
        // A retry after a failed flush: the mail is there; its name is flushed this time.
        await flushFolder();
        return { messageId };
      }
      const message = composeMessage({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId,
      });
      const temporary = join(options.dir, `.${name}.${randomUUID()}.tmp`);
      try {
        await files.writeDurably(temporary, message);
        await files.rename(temporary, target);
      } catch (error) {
        await files.remove(temporary);
        if ((error as NodeJS.ErrnoException).code === "ENOENT") folder = undefined;
        throw error;
      }
      await flushFolder();
      return { messageId };
    },
    async close() {},
  };
}
