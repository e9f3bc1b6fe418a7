import { createTransport } from "nodemailer";
import { v7 as uuidv7 } from "uuid";
import type { Mailer } from "../ports/mail.ts";
import { DEFAULT_FROM, messageIdHeader } from "./messageId.ts";

export interface SmtpMailerOptions {
  /** `smtp://host:port` or `smtps://user:pass@host:port` (SMTP_URL). */
  url: string;
  from?: string;
}

/**
 * The production mailer. SMTP cannot take a mail back, so a retried send with the same
 * `messageId` carries the same Message-ID header (receivers and Mailpit can tell the copies
 * apart); preventing the retry itself is the job queue's dedup by job id.
 */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const from = options.from ?? DEFAULT_FROM;
  const transport = createTransport(options.url);
  return {
    async send(mail) {
      const messageId = messageIdHeader(mail.messageId ?? uuidv7(), from);
      const info = await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId,
      });
      return { messageId: info.messageId ?? messageId };
    },
    async close() {
      transport.close();
    },
  };
}
