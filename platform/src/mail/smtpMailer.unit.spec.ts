import { describe, expect, it } from "vitest";
import { messageIdHeader } from "./messageId.ts";
import { createSmtpMailer } from "./smtpMailer.ts";

describe("smtp mailer", () => {
  it("constructs from an SMTP url without connecting", async () => {
    const mailer = createSmtpMailer({ url: "smtp://localhost:1025" });
    expect(typeof mailer.send).toBe("function");
    await mailer.close();
  });
});

describe("message id header", () => {
  it("builds an RFC 5322 id from a stable id and the sender's domain", () => {
    expect(messageIdHeader("otp-1", "Shop <a@shop.example>")).toBe("<otp-1@shop.example>");
    expect(messageIdHeader("x y", "a@b.example")).toBe("<x_y@b.example>");
    expect(messageIdHeader("id@host", "a@b")).toBe("<id@host>");
    expect(messageIdHeader("<id@host>", "a@b")).toBe("<id@host>");
  });
});
