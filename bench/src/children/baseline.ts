/**
 * The baseline: the irreducible work of a command, and nothing else. Express 5 with its JSON
 * body parser, the shop's own zod schema for the body, one SQLite insert through node:sqlite
 * (WAL, synchronous=FULL and busy_timeout like the event store, so an answer means durable), and
 * one socket.io emit to the connected listeners. No auth, no stream read, no projection.
 *
 * Two reads for the query scenario (3): `GET /api/orders` answers the first 50 of 100,000
 * order summaries of the shop's shape, newest first, from an array built at its first call, and
 * `GET /api/search?q=` the first 5 matches (as the shop's) in a demo-sized product list, both through `res.json`. No auth, no
 * index, no read model: what any express server pays to answer a page of the same size here.
 *
 * `BASELINE_FLOOR=1` (the floor): the same work, but the insert is committed on a thread of its own
 * (one transaction per turn) and each status change also writes one fsynced mail-sized file on
 * another thread, as the shop must (floorCommits.ts); everything else stays the baseline's.
 */
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { PlaceOrderBody, StatusBody } from "@shop/contracts";
import express from "express";
import { Server } from "socket.io";
import { startFloor } from "./floorCommits.ts";

const dataDir = process.env.DATA_DIR ?? "./baseline-data";
mkdirSync(dataDir, { recursive: true });
const db = new DatabaseSync(join(dataDir, "baseline.db"));
db.exec("PRAGMA journal_mode = WAL");
db.exec("PRAGMA synchronous = FULL");
db.exec("PRAGMA busy_timeout = 5000");
db.exec(`CREATE TABLE IF NOT EXISTS commands (
  position INTEGER PRIMARY KEY AUTOINCREMENT,
  stream TEXT NOT NULL,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at TEXT NOT NULL
)`);
const insert = db.prepare("INSERT INTO commands (stream, type, data, created_at) VALUES (?, ?, ?, ?)");
const floor = process.env.BASELINE_FLOOR === "1" ? startFloor(dataDir) : undefined;
/** Inserts `row` and calls `then` with its position: at once, or after the floor's commit thread's COMMIT. */
const committed = (row: [string, string, string, string], then: (position: string) => void): void => {
  if (floor) void floor.commit(row).then(then);
  else then(String(insert.run(...row).lastInsertRowid));
};

/** 100,000 order summaries shaped like the shop's list items (contracts' `summaryOf`), newest first. */
let built: object[] | undefined;
const summaries = (): object[] => {
  built ??= Array.from({ length: 100_000 }, (_, i) => {
    const n = 100_000 - i;
    const id = `${n.toString(16).padStart(8, "0")}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
    return {
      id,
      shortId: id.slice(-8),
      placedAt: new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString(),
      status: 1 + (n % 3),
      itemsCount: 1 + (n % 8),
      firstItem: {
        title: `English Class ${1 + (n % 12)}`,
        imageUrl: `/media/books/demo-class${1 + (n % 12)}-english.png`,
      },
      customer: {
        name: `Customer ${n % 1000}`,
        email: `customer.${n % 1000}@example.com`,
        contact: `+91 9000000${String(n % 1000).padStart(3, "0")}`,
      },
      shippingAddress: `${n % 1000} MG Road, Pune 411001`,
      payablePaise: 10_000 + (n % 100) * 1_150,
    };
  });
  return built;
};
const WORDS = ["notebook", "Mathematics", "pencil", "English", "Navneet", "geometry", "science", "Classmate"];
/** 68 products, as many as the demo catalogue, each matching one of the bench's search terms. */
const PRODUCTS = Array.from({ length: 68 }, (_, i) => {
  const title = `${WORDS[i % WORDS.length]} ${["Class", "Pack", "Set", "Book"][i % 4]} ${1 + (i % 12)}`;
  const view = {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    title,
    pricePaise: 4_500 + i * 250,
    imageUrl: `/media/stationeries/demo-${i}.png`,
    kind: i % 2 ? "book" : "stationery",
    inStock: true,
  };
  return { search: title.toLowerCase(), view };
});

const app = express();
app.disable("x-powered-by");
app.use(express.json({ limit: "100kb", strict: true }));
const server = createServer(app);
const io = new Server(server, { transports: ["websocket"] });
io.on("connection", (socket) => {
  void socket.join("listeners");
});

app.get("/readyz", (_req, res) => {
  res.json({ status: "ready" });
});

app.post("/api/orders", (req, res) => {
  const parsed = PlaceOrderBody.schema.safeParse(req.body);
  if (!parsed.success) {
    res.status(400).json({ title: "Bad request" });
    return;
  }
  const order = parsed.data;
  committed(
    [`order-${order.orderId}`, "OrderPlaced", JSON.stringify(order), new Date().toISOString()],
    (position) => {
      io.to("listeners").emit("order.placed", { position, order });
      res.status(201).json({ orderId: order.orderId, position });
    },
  );
});

app.put("/api/orders/:id/status", (req, res) => {
  const parsed = StatusBody.schema.safeParse(req.body);
  if (!parsed.success) {
    res.status(400).json({ title: "Bad request" });
    return;
  }
  const id = req.params.id;
  const data = { orderId: id, to: parsed.data.status, seq: req.get("x-seq") ?? "" };
  committed(
    [`order-${id}`, "OrderStatusChanged", JSON.stringify(data), new Date().toISOString()],
    (position) => {
      io.to("listeners").emit("order.updated", { position, order: { id, status: data.to }, seq: data.seq });
      res.json({ position });
      floor?.mail();
    },
  );
});

app.get("/api/orders", (_req, res) => {
  res.json({ items: summaries().slice(0, 50), nextCursor: "50" });
});

app.get("/api/search", (req, res) => {
  const q = String(req.query.q ?? "")
    .trim()
    .toLowerCase();
  res.json({
    schools: [],
    products: q
      ? PRODUCTS.filter((p) => p.search.includes(q))
          .slice(0, 5)
          .map((p) => p.view)
      : [],
  });
});

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1");
process.on("SIGTERM", () => {
  void io.close();
  server.close(() => {
    void floor?.close();
    db.close();
    process.exit(0);
  });
  setTimeout(() => process.exit(0), 3000).unref();
});
