import { randomUUID } from "node:crypto";
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
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * The embedded mailer: each mail becomes one RFC 5322 `.eml` file in `dir`. A file is written
 * under a dot-prefixed temporary name and renamed when complete, so anyone watching the folder
 * never reads half a mail. The file is named after the message id, which makes a retried send
 * with the same `messageId` a no-op.
 */
export function createOutboxMailer(options: OutboxMailerOptions): Mailer {
  const from = options.from ?? DEFAULT_FROM;
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
      if (await exists(target)) return { messageId };
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
        await writeFile(temporary, info.message, { flush: true, mode: 0o600 });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
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
