import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Order, Page, Product } from "@shop/contracts";
import { type OwnRedis, startOwnRedis } from "@shop/platform/testing/ownRedis";
import sharp from "sharp";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, login, signupCustomer } from "./testing/client.ts";
import { type ShopChild, startShopChild } from "./testing/shopChild.ts";
import { until } from "./testing/until.ts";

/**
 * The fault suite: the Redis-backed shop (the standalone process with REDIS_URL: BullMQ, Redis
 * secrets and sessions, the socket.io Redis emitter and adapter) under a steady, bounded stream of
 * commands, queries, uploads and live subscriptions, while its own redis-server is killed and
 * kept down for OUTAGE_MS. No process may exit; every request-path call answers within 1.5 s (503
 * while down); after Redis returns, every acknowledged command's event is in the log, projected,
 * mailed exactly once and pushed live.
 */
/**
 * At least 90 s in npm test; FAULT_OUTAGE_MS shortens it only for a quick local look.
 * FAULT_FREEZE=1 freezes the redis-server (SIGSTOP: connections stay open, nothing is answered,
 * like a partition) instead of killing it; run by hand, not in npm test.
 */
const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_MS ?? 90_000);
const TICK_MS = 250;
const ORDERS = 4;
const ANSWER_BOUND_MS = 1500;

interface Answer {
  kind: "command" | "query" | "public" | "upload";
  status: number;
  ms: number;
  at: number;
  retryAfter: string | null;
  type: string | null;
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
};

describe("the Redis-backed shop through a Redis outage", () => {
  let redis: OwnRedis;
  let shop: ShopChild;
  let base = "";
  const dataDir = mkdtempSync(join(tmpdir(), "redis-outage-"));
  const sockets: Socket[] = [];

  beforeAll(async () => {
    redis = await startOwnRedis({ persistent: true });
    shop = await startShopChild({ DATA_DIR: dataDir, REDIS_URL: redis.url });
    base = shop.base;
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await shop?.stop();
    await redis?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "answers 503 fast while Redis is down, never exits, and loses no acknowledged command's event, projection, mail or live push",
    async () => {
      const products = await client(base).get<Page<Product>>("/api/products?kind=notebook");
      const product = products.body.items[0];
      if (!product) throw new Error("no demo notebook");
      const admin = await login(base, "admin@example.com", "admin-pass-1");
      const customer = await signupCustomer(base, "Outage Customer");
      const orderIds: string[] = [];
      for (let i = 0; i < ORDERS; i++) {
        const orderId = randomUUID();
        const placed = await customer.api.post("/api/orders", {
          orderId,
          items: [{ productId: product.id, quantity: 1 }],
          shippingAddress: "7 Lake Road, Bhopal",
        });
        expect(placed.status).toBe(201);
        orderIds.push(orderId);
      }

      // Live: one customer socket watching every order, connected before the outage.
      const heard = new Map<string, Set<string>>(orderIds.map((id) => [id, new Set()]));
      const watcher = io(base, { transports: ["websocket"], auth: { token: customer.token } });
      sockets.push(watcher);
      await new Promise<void>((resolve) => watcher.once("connect", () => resolve()));
      watcher.on("order.updated", (msg: { position: string; order: Order }) =>
        heard.get(msg.order.id)?.add(msg.position),
      );
      for (const orderId of orderIds)
        expect(await watcher.emitWithAck("order.watch", { orderId })).toEqual({ ok: true });

      const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#1565c0" } })
        .png()
        .toBuffer();
      const answers: Answer[] = [];
      const acked = new Map<string, { status: number; position: string }[]>(orderIds.map((id) => [id, []]));
      const current = new Map<string, number>(orderIds.map((id) => [id, 1]));
      let sent = 0;
      // Calls that got no answer (no response within 5 s, or a network error): what, when and why,
      // so a failure names them.
      const hangs: { kind: Answer["kind"]; at: number; ms: number; error: string }[] = [];
      let newSockets = { tried: 0, connected: 0, refused: 0 };

      const timed = async (kind: Answer["kind"], call: (signal: AbortSignal) => Promise<Response>) => {
        const started = performance.now();
        try {
          const res = await call(AbortSignal.timeout(5000));
          await res.arrayBuffer();
          const answer: Answer = {
            kind,
            status: res.status,
            ms: performance.now() - started,
            at: Date.now(),
            retryAfter: res.headers.get("retry-after"),
            type: res.headers.get("content-type"),
          };
          answers.push(answer);
          return { answer, res };
        } catch (error) {
          hangs.push({
            kind,
            at: Date.now(),
            ms: Math.round(performance.now() - started),
            error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
          });
          return null;
        }
      };
      const auth = (token: string) => ({ authorization: `Bearer ${token}` });

      let tick = 0;
      const statusCommand = async () => {
        const orderId = orderIds[tick % ORDERS]!;
        const to = current.get(orderId) === 1 ? 2 : 1;
        sent++;
        const r = await timed("command", (signal) =>
          fetch(`${base}/api/orders/${orderId}/status`, {
            method: "PUT",
            headers: { ...auth(admin.token), "content-type": "application/json" },
            body: JSON.stringify({ status: to }),
            signal,
          }).then(async (res) => {
            if (res.ok) {
              const { position } = (await res.clone().json()) as { position: string };
              current.set(orderId, to);
              acked.get(orderId)!.push({ status: to, position });
            }
            return res;
          }),
        );
        return r?.answer.status;
      };
      const load = async () => {
        tick++;
        const work: Promise<unknown>[] = [
          statusCommand(),
          timed("public", (signal) => fetch(`${base}/api/products?kind=notebook`, { signal })),
          timed("query", (signal) =>
            fetch(`${base}/api/orders/${orderIds[tick % ORDERS]}`, { headers: auth(customer.token), signal }),
          ),
        ];
        if (tick % 8 === 0) {
          const form = new FormData();
          form.append("folder", "books");
          form.append("file", new Blob([image], { type: "image/png" }), "cover.png");
          work.push(
            timed("upload", (signal) =>
              fetch(`${base}/api/uploads`, {
                method: "POST",
                body: form,
                headers: auth(admin.token),
                signal,
              }),
            ),
          );
        }
        if (tick % 12 === 0) {
          newSockets.tried++;
          const s = io(base, {
            transports: ["websocket"],
            auth: { token: customer.token },
            reconnection: false,
          });
          work.push(
            new Promise<void>((resolve) => {
              s.once("connect", () => {
                newSockets.connected++;
                s.close();
                resolve();
              });
              s.once("connect_error", () => {
                newSockets.refused++;
                s.close();
                resolve();
              });
            }),
          );
        }
        await Promise.all(work);
      };
      let running = true;
      const loop = (async () => {
        while (running) {
          const started = Date.now();
          await load();
          await new Promise((r) => setTimeout(r, Math.max(0, TICK_MS - (Date.now() - started))));
        }
      })();

      await new Promise((r) => setTimeout(r, 4000));
      expect(answers.filter((a) => a.kind === "command" && a.status === 200).length).toBeGreaterThan(0);

      // Redis goes away for OUTAGE_MS.
      if (process.env.FAULT_FREEZE) redis.pause();
      else await redis.stop();
      const downAt = Date.now();
      await new Promise((r) => setTimeout(r, OUTAGE_MS));
      const upAt = Date.now();
      if (process.env.FAULT_FREEZE) redis.resume();
      else await redis.start();
      const backAt = Date.now();
      await until(
        () => answers.some((a) => a.kind === "command" && a.status === 200 && a.at > backAt),
        30_000,
        "a command accepted after Redis returned",
      );
      const recoveredAt = answers.find((a) => a.kind === "command" && a.status === 200 && a.at > backAt)!.at;
      await new Promise((r) => setTimeout(r, 3000));
      running = false;
      await loop;

      // While down (after a second for in-flight calls to settle, until Redis returned).
      const whileDown = answers.filter((a) => a.at > downAt + 1000 && a.at < upAt);
      const down = (kind: Answer["kind"]) => whileDown.filter((a) => a.kind === kind);
      // About three answers a tick (command, query, public read) for the whole outage.
      expect(whileDown.length).toBeGreaterThan(Math.floor((OUTAGE_MS - 2000) / TICK_MS));
      for (const a of [...down("command"), ...down("query"), ...down("upload")]) {
        expect(a.status, JSON.stringify(a)).toBe(503);
        expect(a.type).toMatch(/application\/problem\+json/);
        expect(Number(a.retryAfter)).toBeGreaterThan(0);
      }
      for (const a of down("public")) expect(a.status, "public reads need no Redis").toBe(200);
      for (const a of whileDown) expect(a.ms, JSON.stringify(a)).toBeLessThan(ANSWER_BOUND_MS);
      expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
      // Times relative to Redis going down (downAt) and coming back (upAt after it).
      expect(
        hangs.map((h) => ({ ...h, sinceDown: h.at - downAt })),
        `Redis was down from 0 to ${upAt - downAt} ms`,
      ).toEqual([]);

      // After: every acknowledged change is in the log, projected, mailed once and pushed live.
      const outbox = join(dataDir, "outbox");
      const statusMails = (orderId: string) => {
        const files = (() => {
          try {
            return readdirSync(outbox).filter((f) => f.endsWith(".eml"));
          } catch {
            return [];
          }
        })();
        return files
          .map((f) => readFileSync(join(outbox, f), "utf8"))
          .filter(
            (raw) => /Message-ID: <status-/i.test(raw) && raw.includes(`Your order ${orderId.slice(-8)}`),
          );
      };
      const ackedTotal = [...acked.values()].reduce((n, l) => n + l.length, 0);
      await until(
        () => orderIds.every((id) => statusMails(id).length >= acked.get(id)!.length),
        60_000,
        "every acknowledged change mailed",
      );
      await until(
        () => orderIds.every((id) => acked.get(id)!.every((a) => heard.get(id)!.has(a.position))),
        30_000,
        "every acknowledged change pushed live",
      );
      let lost = 0;
      for (const orderId of orderIds) {
        const list = acked.get(orderId)!;
        const last = list.at(-1);
        const seen = await client(base, admin.token).get<Order>(
          `/api/orders/${orderId}`,
          last ? { "x-min-position": last.position } : {},
        );
        expect(seen.status).toBe(200);
        if (last) expect(seen.body.status).toBe(last.status);
        // The log itself: each acknowledged change once, at the position it was acknowledged with.
        const log = await client(base, admin.token).get<{ items: { type: string; position: string }[] }>(
          `/api/orders/${orderId}/events`,
        );
        const changes = log.body.items.filter((e) => e.type === "OrderStatusChanged").map((e) => e.position);
        expect(changes).toEqual(list.map((a) => a.position));
        const mails = statusMails(orderId);
        const ids = new Set(mails.map((m) => /Message-ID: (<[^>]+>)/i.exec(m)?.[1]));
        // Exactly once: as many distinct mails as acknowledged changes, no copies.
        expect(ids.size).toBe(mails.length);
        expect(mails.length).toBe(list.length);
        lost += list.filter((a) => !heard.get(orderId)!.has(a.position)).length;
      }
      expect(lost).toBe(0);
      expect(shop.exitedWith()).toBeNull();
      expect(shop.process.exitCode).toBeNull();
      const metrics = await (await fetch(`${base}/metrics`)).text();
      const failures =
        /live_publish_failures_total\{[^}]*outcome="kept"[^}]*\} (\d+)/.exec(metrics)?.[1] ?? "0";

      console.log(
        [
          `[fault] Redis down ${Math.round((upAt - downAt) / 1000)} s under load; the shop process never exited`,
          `[fault] commands sent ${sent}, acknowledged ${ackedTotal}, lost ${lost} (every acknowledged change in the log, projected, mailed once, pushed live)`,
          `[fault] answers while down: ${whileDown.length}, p99 ${Math.round(p99(whileDown.map((a) => a.ms)))} ms, slowest ${Math.round(Math.max(...whileDown.map((a) => a.ms)))} ms; authenticated 503 + Retry-After, public reads 200`,
          `[fault] time to recover: first command accepted ${recoveredAt - backAt} ms after Redis returned`,
          `[fault] new sockets: ${newSockets.tried} tried, ${newSockets.connected} connected, ${newSockets.refused} refused (while down); live publishes kept for the retry: ${failures}`,
        ].join("\n"),
      );
      newSockets = { tried: 0, connected: 0, refused: 0 };
    },
    OUTAGE_MS + 100_000,
  );
});
