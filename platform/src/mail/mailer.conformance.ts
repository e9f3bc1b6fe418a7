import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Mailer } from "../ports/mail.ts";

export interface MailerFixture {
  mailer: Mailer;
  /** The raw RFC 5322 text of every mail delivered so far. */
  delivered: () => Promise<string[]>;
  cleanup: () => Promise<void>;
}

/** The contract of ports/mail.ts, run against any adapter that can show what it delivered. */
export function mailerConformance(name: string, makeMailer: () => Promise<MailerFixture>): void {
  describe(`mailer conformance: ${name}`, () => {
    let fixture: MailerFixture;
    let mailer: Mailer;
    // A unique recipient per test keeps a shared mailbox (Mailpit) from mixing tests.
    let to: string;
    const mine = async () => (await fixture.delivered()).filter((raw) => raw.includes(to));

    beforeEach(async () => {
      fixture = await makeMailer();
      mailer = fixture.mailer;
      to = `customer-${randomUUID().slice(0, 8)}@example.com`;
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    it("delivers one message with recipient, subject and text", async () => {
      const result = await mailer.send({ to, subject: "Delivery OTP for your order", text: "OTP: 123456\n" });
      expect(result.messageId).toMatch(/^<.+@.+>$/);
      const [raw, ...rest] = await mine();
      expect(rest).toEqual([]);
      expect(raw).toContain(`To: ${to}`);
      expect(raw).toContain("Subject: Delivery OTP for your order");
      expect(raw).toContain("OTP: 123456");
      expect(raw).toContain(`Message-ID: ${result.messageId}`);
    });

    it("includes an html alternative when given one", async () => {
      await mailer.send({ to, subject: "Hello", text: "plain body", html: "<p>html body</p>" });
      const [raw] = await mine();
      expect(raw).toContain("plain body");
      expect(raw).toContain("<p>html body</p>");
    });

    it("sends a mail with a given messageId only once", async () => {
      const messageId = `otp-${randomUUID()}`;
      const first = await mailer.send({ to, subject: "Once", text: "first", messageId });
      const second = await mailer.send({ to, subject: "Once", text: "second", messageId });
      expect(second.messageId).toBe(first.messageId);
      const delivered = await mine();
      expect(delivered).toHaveLength(1);
      expect(delivered[0]).toContain("first");
    });

    it("delivers separate mails without a messageId separately", async () => {
      const a = await mailer.send({ to, subject: "A", text: "a" });
      const b = await mailer.send({ to, subject: "B", text: "b" });
      expect(a.messageId).not.toBe(b.messageId);
      expect(await mine()).toHaveLength(2);
    });
  });
}
