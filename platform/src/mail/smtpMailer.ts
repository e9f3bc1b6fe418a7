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
 * How long a send waits on the relay. nodemailer's defaults (2 min to connect, 30 s for the
 * greeting, 10 min of silence, RFC 5321's wait for the message's end) let a relay that stopped
 * answering hold a delivery OTP for ten minutes, and the OTP thread's places with it, while a
 * rider waited at the door. A send that gives up fails its job, and the queue sends it again (the
 * same Message-ID: a relay that took the first one after all makes a copy a reader can tell).
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
  dnsTimeout: 10_000,
};

/**
 * The production mailer. SMTP cannot take a mail back, so a retried send with the same
 * `messageId` carries the same Message-ID header (receivers and Mailpit can tell the copies
 * apart); preventing the retry itself is the job queue's dedup by job id.
 */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const from = options.from ?? DEFAULT_FROM;
  const transport = createTransport({ url: options.url, ...SMTP_TIMEOUTS });
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
