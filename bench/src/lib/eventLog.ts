import { createHash, randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { CURRENT_SCHEMA_VERSION, type OrderLineSnapshot } from "@shop/contracts";
import { createSqliteEventStore, sqliteNamedCheckpoint, userIdForEmail } from "@shop/platform";
import { startServerProcess } from "./processes.ts";
import { BENCH_SHOP_ENV } from "./shopApi.ts";

type Line = Omit<OrderLineSnapshot, "quantity">;

/** The demo products as order lines, read from a seeded log. */
export const catalogueLines = (file: string): Line[] => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db.prepare("SELECT data FROM events WHERE type = 'ProductAdded'").all();
    return rows.map((r) => {
      const d = JSON.parse(String(r.data)) as Line & { productId: string };
      return {
        productId: d.productId,
        kind: d.kind,
        title: d.title,
        author: d.author,
        imageUrl: d.imageUrl,
        pricePaise: d.pricePaise,
        discountPaise: d.discountPaise,
        ...(d.schoolId && { schoolId: d.schoolId }),
      };
    });
  } finally {
    db.close();
  }
};

const ADMIN = {
  kind: "user" as const,
  userId: userIdForEmail("admin@example.com"),
  name: "Admin",
  accType: 1,
};

/**
 * Appends generated orders straight into an event store file (the sqliteEventStore schema), in
 * batched transactions with synchronous=OFF: a log of realistic shape made in seconds, not
 * through the HTTP API. With `eventsPerOrder: 4` each order also gets Processing, an OTP mail
 * and delivery, interleaved with later orders in the global order as in a real log.
 */
export const appendOrders = (
  file: string,
  opts: {
    orders: number;
    eventsPerOrder: 1 | 4;
    lines: Line[];
    customers?: number;
    batch?: number;
    /** When the first order is placed (ms since the epoch; the orders follow one a minute). */
    from?: number;
    /**
     * Instead of `from`: the orders spread evenly over this many days up to now, as a shop's
     * history of several seasons (so only the last weeks' orders are recent).
     */
    spreadDays?: number;
    /**
     * Precede each order with its customer's cart: a line added and removed again, each ordered
     * line added (the first at quantity 1, then changed), and the checkout: with `eventsPerOrder:
     * 4`, about 10 events per order, as a shop whose customers browse before they buy.
     */
    carts?: boolean;
  },
): { events: number; ms: number } => {
  // Creates the schema when the file is new.
  void createSqliteEventStore({ file }).close();
  const started = performance.now();
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = OFF");
  const insert = db.prepare(
    "INSERT INTO events (id, stream, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const customers = Array.from({ length: opts.customers ?? 1000 }, (_, i) => ({
    userId: randomUUID(),
    name: `Customer ${i}`,
    email: `customer.${i}@example.com`,
    contact: `+91 9${String(i).padStart(9, "0")}`,
  }));
  const lines = opts.lines;
  if (lines.length === 0) throw new Error("no catalogue lines to order");
  const batch = opts.batch ?? 10_000;
  const DAY_MS = 86_400_000;
  const spacing = opts.spreadDays ? (opts.spreadDays * DAY_MS) / opts.orders : 60_000;
  const t0 = opts.spreadDays ? Date.now() - opts.spreadDays * DAY_MS : (opts.from ?? Date.UTC(2025, 0, 1));
  const ids: string[] = [];
  const cartRevisions = new Map<string, number>();
  let events = 0;
  let inBatch = 0;
  db.exec("BEGIN");
  const put = (stream: string, revision: number, type: string, data: unknown, actor: unknown, at: string) => {
    const id = randomUUID();
    const metadata = {
      schemaVersion: CURRENT_SCHEMA_VERSION(type),
      correlationId: id,
      causationId: id,
      actor,
    };
    insert.run(id, stream, revision, type, JSON.stringify(data), JSON.stringify(metadata), at);
    events++;
    if (++inBatch >= batch) {
      db.exec("COMMIT");
      db.exec("BEGIN");
      inBatch = 0;
    }
  };
  const at = (i: number, later: number) =>
    new Date(Math.round(t0 + i * spacing + later * 1000)).toISOString();
  const LAG = 300;
  const follow = (j: number, step: 1 | 2 | 3) => {
    const orderId = ids[j]!;
    const stream = `order-${orderId}`;
    if (step === 1)
      put(
        stream,
        1,
        "OrderStatusChanged",
        { orderId, from: 1, to: 2, changedAt: at(j, 60) },
        ADMIN,
        at(j, 60),
      );
    else if (step === 2)
      put(
        stream,
        2,
        "DeliveryOtpSent",
        { orderId, sentTo: "c***@example.com", expiresAt: at(j, 720), sentAt: at(j, 120) },
        ADMIN,
        at(j, 120),
      );
    else put(stream, 3, "OrderDelivered", { orderId, from: 2, deliveredAt: at(j, 180) }, ADMIN, at(j, 180));
  };
  for (let i = 0; i < opts.orders; i++) {
    const orderId = randomUUID();
    ids.push(orderId);
    const customer = customers[i % customers.length]!;
    const items = Array.from({ length: 1 + (i % 3) }, (_, k) => ({
      ...lines[(i * 7 + k * 13) % lines.length]!,
      quantity: 1 + ((i + k) % 4),
    }));
    const unique = [...new Map(items.map((x) => [x.productId, x])).values()];
    const price = unique.reduce((n, l) => n + l.pricePaise * l.quantity, 0);
    const discount = unique.reduce((n, l) => n + l.discountPaise * l.quantity, 0);
    const shippingAddress = `${i % 500} MG Road, Pune 411001`;
    if (opts.carts) {
      const cart = `cart-${customer.userId}`;
      const userActor = { kind: "user", userId: customer.userId, name: customer.name, accType: 3 };
      let rev = cartRevisions.get(cart) ?? -1;
      const cartEvent = (type: string, data: unknown) => put(cart, ++rev, type, data, userActor, at(i, -30));
      const browsed = lines[(i * 11 + 5) % lines.length]!.productId;
      if (!unique.some((l) => l.productId === browsed)) {
        cartEvent("CartItemAdded", { userId: customer.userId, productId: browsed, quantity: 1 });
        cartEvent("CartItemRemoved", { userId: customer.userId, productId: browsed });
      }
      for (const [k, l] of unique.entries())
        cartEvent("CartItemAdded", {
          userId: customer.userId,
          productId: l.productId,
          quantity: k === 0 ? 1 : l.quantity,
        });
      const first = unique[0]!;
      if (first.quantity > 1)
        cartEvent("CartItemQuantityChanged", {
          userId: customer.userId,
          productId: first.productId,
          quantity: first.quantity,
        });
      cartEvent("CartCheckedOut", {
        userId: customer.userId,
        orderId,
        lines: unique.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      });
      cartRevisions.set(cart, rev);
    }
    put(
      `order-${orderId}`,
      0,
      "OrderPlaced",
      {
        orderId,
        customer,
        shippingAddress,
        items: unique,
        totals: { pricePaise: price, discountPaise: discount, payablePaise: price - discount },
        source: { kind: "direct" },
        requestDigest: createHash("sha256").update(orderId).digest("hex"),
        placedAt: at(i, 0),
      },
      { kind: "user", userId: customer.userId, name: customer.name, accType: 3 },
      at(i, 0),
    );
    if (opts.eventsPerOrder === 4) {
      if (i >= LAG) follow(i - LAG, 1);
      if (i >= 2 * LAG) follow(i - 2 * LAG, 2);
      if (i >= 3 * LAG) follow(i - 3 * LAG, 3);
    }
  }
  if (opts.eventsPerOrder === 4) {
    for (let j = Math.max(0, opts.orders - LAG); j < opts.orders; j++) follow(j, 1);
    for (let j = Math.max(0, opts.orders - 2 * LAG); j < opts.orders; j++) follow(j, 2);
    for (let j = Math.max(0, opts.orders - 3 * LAG); j < opts.orders; j++) follow(j, 3);
  }
  db.exec("COMMIT");
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
  return { events, ms: performance.now() - started };
};

/**
 * The status mails of every event in the data folder's log went out when they happened: the mail
 * subscription's checkpoint at the log's end, as a running shop keeps it. Without it a boot
 * queues a mail per generated status change and renders them all while the scenario measures.
 */
export const statusMailsSent = async (folder: string): Promise<void> => {
  const events = createSqliteEventStore({ file: join(folder, "events.db") });
  const head = await events.headPosition();
  await events.close();
  const mails = sqliteNamedCheckpoint(join(folder, "secrets.db"), "status-mails");
  await mails.save(head);
  await mails.close();
};

const templates = new Map<string, string>();

/**
 * A data folder the standalone has seeded (demo users, catalogue, session secret), made once per
 * run by booting the shop on an empty folder and stopping it; callers copy it.
 */
export const seededTemplate = async (workDir: string): Promise<string> => {
  const known = templates.get(workDir);
  if (known) return known;
  const dir = join(workDir, "seeded-template");
  const shop = await startServerProcess({
    script: "shop.js",
    env: { ...BENCH_SHOP_ENV, DATA_DIR: dir },
    logFile: join(workDir, "seeded-template.log"),
  });
  await shop.stop();
  templates.set(workDir, dir);
  return dir;
};

/**
 * A copy of the seeded folder with `orders` generated orders appended (made once, then copied):
 * one OrderPlaced each by default, or the full shape of `appendOrders` (`eventsPerOrder: 4`,
 * `carts`: about 10 events per order).
 */
export const folderWithOrders = async (
  workDir: string,
  orders: number,
  into: string,
  shape: { eventsPerOrder?: 1 | 4; carts?: boolean; spreadDays?: number } = {},
): Promise<string> => {
  const eventsPerOrder = shape.eventsPerOrder ?? 1;
  const carts = shape.carts ?? false;
  const golden = join(
    workDir,
    `golden-${orders}${eventsPerOrder === 1 ? "" : `x${eventsPerOrder}`}${carts ? "-carts" : ""}${shape.spreadDays ? `-${shape.spreadDays}d` : ""}`,
  );
  if (!existsSync(golden)) {
    cpSync(await seededTemplate(workDir), golden, { recursive: true });
    const file = join(golden, "events.db");
    appendOrders(file, {
      orders,
      eventsPerOrder,
      carts,
      lines: catalogueLines(file),
      ...(shape.spreadDays && { spreadDays: shape.spreadDays }),
    });
    if (eventsPerOrder === 4) await statusMailsSent(golden);
  }
  mkdirSync(into, { recursive: true });
  cpSync(golden, into, { recursive: true });
  return into;
};
