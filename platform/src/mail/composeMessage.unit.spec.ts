import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { type ComposedMail, composeMessage } from "./composeMessage.ts";

// What a mail client reads back: the message parsed by an independent MIME parser.
const read = (raw: Buffer) => PostalMime.parse(raw);
const lines = (text: string | undefined) => text?.replace(/\r\n/g, "\n").replace(/\n$/, "");

const base: ComposedMail = {
  from: "School Books Shop <no-reply@shop.local>",
  to: "asha@example.com",
  subject: "Your order 44556666 is now Processing",
  text: "Hello Asha,\n\nStatus: Processing",
  messageId: "<status-1@shop.local>",
  date: new Date("2026-11-28T04:30:00Z"),
};

describe("composeMessage: the outbox's RFC 5322 text, as a mail client reads it", () => {
  it("carries the headers and a plain short ASCII text unchanged, CRLF line ends", async () => {
    const raw = composeMessage(base);
    const mail = await read(raw);
    expect(mail.from).toEqual({ name: "School Books Shop", address: "no-reply@shop.local" });
    expect(mail.to).toEqual([{ name: "", address: "asha@example.com" }]);
    expect(mail.subject).toBe(base.subject);
    expect(mail.messageId).toBe("<status-1@shop.local>");
    expect(mail.date).toBe("2026-11-28T04:30:00.000Z");
    expect(lines(mail.text)).toBe(base.text);
    expect(mail.html).toBeUndefined();
    expect(raw.toString()).not.toMatch(/[^\r]\n/);
    expect(raw.toString()).toContain("Status: Processing");
  });

  it("round-trips rupees, Hindi, long lines, trailing spaces and lines a mail server would touch", async () => {
    const text = [
      "- NCERT गणित कक्षा 7 × 2 @ ₹230.00 = ₹460.00",
      `Shipping to: ${"12 Park Street, Kolkata 700016, West Bengal, India. ".repeat(4)}`,
      "From the shop: a line a mailbox format would quote",
      ".",
      ". a dot first",
      "trailing spaces   ",
      "tab\tinside",
    ].join("\n");
    const html = `<p style="color:#333">Total: <strong>₹1,224.00</strong></p>\n<p>${"x".repeat(300)}</p>`;
    const mail = await read(composeMessage({ ...base, text, html }));
    expect(lines(mail.text)).toBe(text);
    expect(lines(mail.html)).toBe(html);
  });

  it("encodes a subject and names that are not ASCII, and a domain in its ASCII form", async () => {
    const mail = await read(
      composeMessage({
        ...base,
        from: "विद्यालय पुस्तक भंडार <no-reply@shop.local>",
        to: '"Rao, Asha (Mrs.)" <asha@bücher.example>',
        subject: `आपका ऑर्डर 44556666 अब Processing है — ${"₹".repeat(40)}`,
      }),
    );
    expect(mail.from).toEqual({ name: "विद्यालय पुस्तक भंडार", address: "no-reply@shop.local" });
    expect(mail.to).toEqual([{ name: "Rao, Asha (Mrs.)", address: "asha@xn--bcher-kva.example" }]);
    expect(mail.subject).toBe(`आपका ऑर्डर 44556666 अब Processing है — ${"₹".repeat(40)}`);
  });

  it("a line break in a header value cannot add a header or end the headers", async () => {
    const raw = composeMessage({
      ...base,
      subject: "Hello\r\nBcc: thief@evil.example\r\n\r\nforged body",
    });
    const mail = await read(raw);
    expect(mail.bcc).toBeUndefined();
    expect(mail.to).toEqual([{ name: "", address: "asha@example.com" }]);
    expect(mail.headers.map((h) => h.key)).not.toContain("bcc");
    expect(mail.subject).toBe("Hello Bcc: thief@evil.example forged body");
    expect(lines(mail.text)).toBe(base.text);
  });

  it("sends an html alternative after the text, each decoded whole", async () => {
    const raw = composeMessage({ ...base, html: "<p>html body</p>" });
    const mail = await read(raw);
    expect(raw.toString()).toMatch(/^Content-Type: multipart\/alternative; boundary="[^"]+"\r$/m);
    expect(lines(mail.text)).toBe(base.text);
    expect(lines(mail.html)).toBe("<p>html body</p>");
    expect(mail.attachments).toEqual([]);
  });

  it("refuses a recipient that is not one address: none, two, or one broken over lines", () => {
    for (const to of [
      "Asha Rao",
      "asha@example.com, thief@evil.example",
      "asha@example.com\r\nCc: thief@evil.example",
    ])
      expect(() => composeMessage({ ...base, to })).toThrow(/not one address/);
  });
});
