import { afterAll, describe, expect, it } from "vitest";
import { fakeSmtp } from "../testing/fakeSmtp.ts";
import { createSmtpMailer } from "./smtpMailer.ts";

const mail = { to: "c@example.com", subject: "Delivery OTP", text: "OTP: 123456", html: "<p>OTP</p>" };

/**
 * A fault probe: an SMTP server that stopped answering mid-message (a stuck relay) held each
 * delivery-OTP mail for nodemailer's default ten minutes, and the OTP thread's four places with
 * them: once the relay worked again, new OTP mails still went nowhere while a rider waited. A send
 * gives up within seconds, and the job queue's retry sends it again.
 */
describe("the SMTP mailer against a relay that does not answer", () => {
  const servers: { close(): void }[] = [];
  afterAll(() => {
    for (const s of servers) s.close();
  });

  it("gives up a send within 25 s whether the relay never greets or never takes the message's end", async () => {
    const silent = await fakeSmtp("silent");
    const stalling = await fakeSmtp("stall");
    servers.push(silent, stalling);
    const outcome = async (url: string) => {
      const mailer = createSmtpMailer({ url });
      const started = performance.now();
      const error = await mailer.send(mail).then(
        () => null,
        (err: Error) => err,
      );
      await mailer.close();
      return { error, seconds: (performance.now() - started) / 1000 };
    };
    const bound = new Promise<"still waiting">((resolve) =>
      setTimeout(() => resolve("still waiting"), 25_000),
    );
    const [never, stalled] = await Promise.all(
      [silent.url, stalling.url].map((url) => Promise.race([outcome(url), bound])),
    );
    console.log(`[fault] smtp | silent: ${JSON.stringify(never)}, stalled: ${JSON.stringify(stalled)}`);
    for (const o of [never, stalled]) {
      expect(o).not.toBe("still waiting");
      expect(o).toMatchObject({ error: expect.any(Error) });
    }
  }, 40_000);

  it("still sends through a relay that answers", async () => {
    const ok = await fakeSmtp("ok");
    servers.push(ok);
    const mailer = createSmtpMailer({ url: ok.url });
    await expect(mailer.send(mail)).resolves.toMatchObject({ messageId: expect.any(String) });
    await mailer.close();
    expect(ok.received).toEqual(["mail"]);
  });
});
