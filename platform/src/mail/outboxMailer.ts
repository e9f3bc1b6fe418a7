import { randomUUID } from "node:crypto";
import { existsSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { access, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTransport } from "nodemailer";
import { v7 as uuidv7 } from "uuid";
import type { Mailer } from "../ports/mail.ts";
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
}

/** The outbox's four file steps, as promises on the libuv pool or as blocking calls. */
interface OutboxFiles {
  exists(path: string): Promise<boolean>;
  /** Writes and flushes the file to disk (the mail holds an OTP or a status change). */
  writeDurably(path: string, data: string | Buffer): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
}

const pooledFiles: OutboxFiles = {
  exists: (path) =>
    access(path).then(
      () => true,
      () => false,
    ),
  writeDurably: (path, data) => writeFile(path, data, { flush: true, mode: 0o600 }),
  rename,
  remove: (path) => rm(path, { force: true }),
};

const blockingFiles: OutboxFiles = {
  exists: async (path) => existsSync(path),
  writeDurably: async (path, data) => writeFileSync(path, data, { flush: true, mode: 0o600 }),
  rename: async (from, to) => renameSync(from, to),
  remove: async (path) => rmSync(path, { force: true }),
};

/**
 * The embedded mailer: each mail becomes one RFC 5322 `.eml` file in `dir`. A file is written
 * under a dot-prefixed temporary name and renamed when complete, so anyone watching the folder
 * never reads half a mail. The file is named after the message id, which makes a retried send
 * with the same `messageId` a no-op.
 */
export function createOutboxMailer(options: OutboxMailerOptions): Mailer {
  const from = options.from ?? DEFAULT_FROM;
  const files = options.ownThread ? blockingFiles : pooledFiles;
  const transport = createTransport({ streamTransport: true, buffer: true, newline: "windows" });
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
  return {
    async send(mail) {
      // Version 7 UUIDs sort by time, so generated file names list in sending order.
      const id = mail.messageId ?? uuidv7();
      const messageId = messageIdHeader(id, from);
      const name = fileNameFor(id);
      const target = join(options.dir, name);
      await ensureFolder();
      if (await files.exists(target)) return { messageId };
      const info = await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId,
      });
      const temporary = join(options.dir, `.${name}.${randomUUID()}.tmp`);
      try {
        // `buffer: true` above: the transport answers the whole message, never a stream.
        if (!Buffer.isBuffer(info.message)) throw new Error("the stream transport answered a stream");
        await files.writeDurably(temporary, info.message);
        await files.rename(temporary, target);
      } catch (error) {
        await files.remove(temporary);
        if ((error as NodeJS.ErrnoException).code === "ENOENT") folder = undefined;
        throw error;
      }
      return { messageId };
    },
    async close() {
      transport.close();
    },
  };
}
