import { watch } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mailerConformance } from "./mailer.conformance.ts";
import { createOutboxMailer, defaultOutboxFiles, type OutboxFiles } from "./outboxMailer.ts";

async function emlFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => []);
  return names.filter((n) => n.endsWith(".eml")).sort();
}

// The same behaviour whether its file calls go through the libuv pool or block a thread of its own.
for (const ownThread of [false, true]) {
  mailerConformance(`outbox${ownThread ? ", own thread" : ""}`, async () => {
    const root = await mkdtemp(join(tmpdir(), "shop-outbox-"));
    const dir = join(root, "outbox");
    const mailer = createOutboxMailer({ dir, ownThread });
    return {
      mailer,
      delivered: async () => Promise.all((await emlFiles(dir)).map((n) => readFile(join(dir, n), "utf8"))),
      cleanup: async () => {
        await mailer.close();
        await rm(root, { recursive: true, force: true });
      },
    };
  });

  describe(`outbox mailer${ownThread ? ", own thread (blocking file calls)" : ""}`, () => {
    it("writes one .eml per mail, named after its id, and leaves no temporary files", async () => {
      const root = await mkdtemp(join(tmpdir(), "shop-outbox-"));
      const mailer = createOutboxMailer({ dir: root, from: "Shop <orders@shop.example>", ownThread });
      const { messageId } = await mailer.send({
        to: "a@example.com",
        subject: "S",
        text: "T",
        messageId: "otp-42",
      });
      await mailer.send({ to: "a@example.com", subject: "S", text: "T", messageId: "weird/../id" });
      expect(messageId).toBe("<otp-42@shop.example>");
      const names = await readdir(root);
      expect(names.filter((n) => n.endsWith(".tmp"))).toEqual([]);
      expect(names).toContain("otp-42.eml");
      expect(names.find((n) => n.startsWith("weird_.._id-"))).toBeDefined();
      const raw = await readFile(join(root, "otp-42.eml"), "utf8");
      expect(raw).toContain("From: Shop <orders@shop.example>");
      expect(raw).toContain("\r\n");
      await mailer.close();
      await rm(root, { recursive: true, force: true });
    });

    it("flushes the folder after the rename, before the send answers; a failed flush fails the send, and its retry flushes", async () => {
      const root = await mkdtemp(join(tmpdir(), "shop-outbox-"));
      const steps: string[] = [];
      let failFlush = true;
      const real = defaultOutboxFiles(ownThread);
      const files: OutboxFiles = {
        exists: (path) => real.exists(path),
        writeDurably: async (path, data) => {
          steps.push(`write ${path.endsWith(".tmp") ? "temporary" : path}`);
          await real.writeDurably(path, data);
        },
        rename: async (from, to) => {
          steps.push(`rename to ${to.slice(root.length + 1)}`);
          await real.rename(from, to);
        },
        syncFolder: async (path) => {
          steps.push(`flush ${path === root ? "the folder" : path}`);
          if (failFlush) throw Object.assign(new Error("EIO: i/o error, fsync"), { code: "EIO" });
          await real.syncFolder(path);
        },
        remove: (path) => real.remove(path),
      };
      const mailer = createOutboxMailer({ dir: root, ownThread, files });
      const mail = { to: "a@example.com", subject: "S", text: "T", messageId: "otp-7" };
      const first = mailer.send(mail).then(
        () => steps.push("answered"),
        (e: Error) => steps.push(`failed: ${e.message}`),
      );
      await first;
      expect(steps).toEqual([
        "write temporary",
        "rename to otp-7.eml",
        "flush the folder",
        "failed: EIO: i/o error, fsync",
      ]);
      steps.length = 0;
      failFlush = false;
      await mailer.send(mail);
      steps.push("answered");
      // Already written: only its name is flushed.
      expect(steps).toEqual(["flush the folder", "answered"]);
      expect(await emlFiles(root)).toEqual(["otp-7.eml"]);
      await mailer.close();
      await rm(root, { recursive: true, force: true });
    });

    it("lets the mails sent at once share the folder's flushes", async () => {
      const root = await mkdtemp(join(tmpdir(), "shop-outbox-"));
      const real = defaultOutboxFiles(ownThread);
      let flushes = 0;
      const files: OutboxFiles = {
        ...real,
        syncFolder: async (path) => {
          flushes += 1;
          await real.syncFolder(path);
        },
      };
      const mailer = createOutboxMailer({ dir: root, ownThread, files });
      await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          mailer.send({ to: "a@example.com", subject: `S${i}`, text: "T" }),
        ),
      );
      expect(await emlFiles(root)).toHaveLength(16);
      expect(flushes).toBeGreaterThan(0);
      expect(flushes).toBeLessThan(16);
      await mailer.close();
      await rm(root, { recursive: true, force: true });
    });

    it("only ever shows complete mails under their final name", async () => {
      const root = await mkdtemp(join(tmpdir(), "shop-outbox-"));
      await mkdir(root, { recursive: true });
      const mailer = createOutboxMailer({ dir: root, ownThread });
      const body = `${"x".repeat(70)}\n`.repeat(5_000);
      const reads: Promise<string>[] = [];
      const watcher = watch(root, (_event, name) => {
        if (name?.endsWith(".eml")) reads.push(readFile(join(root, name), "utf8").catch(() => ""));
      });
      for (let i = 0; i < 10; i++)
        await mailer.send({ to: "b@example.com", subject: `M${i}`, text: `${body}END${i}` });
      await new Promise((r) => setTimeout(r, 100));
      watcher.close();
      const seen = await Promise.all(reads);
      expect(seen.length).toBeGreaterThan(0);
      for (const raw of seen) expect(raw).toMatch(/END\d/);
      expect(await emlFiles(root)).toHaveLength(10);
      await mailer.close();
      await rm(root, { recursive: true, force: true });
    });
  });
}
