export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Stable id: a retried send with the same id is not sent twice. */
  messageId?: string;
}

/** SMTP in production; `.eml` files in `DATA_DIR/outbox/` embedded. */
export interface Mailer {
  send(mail: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}
