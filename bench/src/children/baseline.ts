/**
 * The baseline: the irreducible work of a command, and nothing else. Express 5 with its JSON
 * body parser, the shop's own zod schema for the body, one SQLite insert through node:sqlite
 * (WAL, synchronous=FULL and busy_timeout like the event store, so an answer means durable), and
 * one socket.io emit to the connected listeners. No auth, no stream read, no projection.
 */
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { PlaceOrderBody, StatusBody } from "@shop/contracts";
import express from "express";
import { Server } from "socket.io";

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
  const info = insert.run(
    `order-${order.orderId}`,
    "OrderPlaced",
    JSON.stringify(order),
    new Date().toISOString(),
  );
  const position = String(info.lastInsertRowid);
  io.to("listeners").emit("order.placed", { position, order });
  res.status(201).json({ orderId: order.orderId, position });
});

app.put("/api/orders/:id/status", (req, res) => {
  const parsed = StatusBody.schema.safeParse(req.body);
  if (!parsed.success) {
    res.status(400).json({ title: "Bad request" });
    return;
  }
  const id = req.params.id;
  const data = { orderId: id, to: parsed.data.status, seq: req.get("x-seq") ?? "" };
  const info = insert.run(
    `order-${id}`,
    "OrderStatusChanged",
    JSON.stringify(data),
    new Date().toISOString(),
  );
  const position = String(info.lastInsertRowid);
  io.to("listeners").emit("order.updated", { position, order: { id, status: data.to }, seq: data.seq });
  res.json({ position });
});

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1");
process.on("SIGTERM", () => {
  void io.close();
  server.close(() => {
    db.close();
    process.exit(0);
  });
  setTimeout(() => process.exit(0), 3000).unref();
});
