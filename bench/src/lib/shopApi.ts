import { randomUUID } from "node:crypto";
import { io, type Socket } from "socket.io-client";

/** The demo admin that the embedded profile seeds (standalone/src/seed/demoCatalogue.ts). */
export const DEMO_ADMIN = { email: "admin@example.com", password: "admin-pass-1" };

/** Environment for a shop under load: quiet logs, rate limits out of the way. */
export const BENCH_SHOP_ENV = {
  LOG_LEVEL: "warn",
  RATE_LIMIT_LOGIN: "100000",
  RATE_LIMIT_SIGNUP: "100000",
  RATE_LIMIT_OTP_SEND: "100000",
  RATE_LIMIT_MESSAGES: "100000",
  RATE_LIMIT_ORDERS: "100000",
  ORDER_OPEN_MAX: "100000",
};

const json = async <T>(res: Response, what: string, expected: number): Promise<T> => {
  const text = await res.text();
  if (res.status !== expected) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
};

const post = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });

export const login = async (base: string, email: string, password: string): Promise<string> =>
  (await json<{ token: string }>(await post(`${base}/api/auth/login`, { email, password }), "login", 200))
    .token;

export const signup = async (base: string, n: number): Promise<{ token: string; userId: string }> => {
  const body = {
    name: `Bench Customer ${n}`,
    email: `bench.${n}.${randomUUID().slice(0, 8)}@example.com`,
    contact: "+91 90000 00000",
    password: "a-long-password",
    address: `${n} Bench Street, Nagpur`,
  };
  const r = await json<{ token: string; user: { id: string } }>(
    await post(`${base}/api/auth/signup`, body),
    "signup",
    201,
  );
  return { token: r.token, userId: r.user.id };
};

export const listedProductIds = async (base: string): Promise<string[]> => {
  const page = await json<{ items: { id: string }[] }>(
    await fetch(`${base}/api/products?limit=50`, { signal: AbortSignal.timeout(15_000) }),
    "products",
    200,
  );
  if (page.items.length === 0) throw new Error("no listed products: is the demo catalogue seeded?");
  return page.items.map((p) => p.id);
};

/** A PlaceOrder body with a fresh client-chosen order id and 1–3 of the given products. */
export const orderBody = (products: readonly string[], i: number) => {
  const lines = 1 + (i % 3);
  const items = Array.from({ length: lines }, (_, k) => ({
    productId: products[(i * 7 + k * 13) % products.length]!,
    quantity: 1 + ((i + k) % 4),
  }));
  const unique = [...new Map(items.map((x) => [x.productId, x])).values()];
  return { orderId: randomUUID(), items: unique, shippingAddress: `${i % 500} MG Road, Pune 411001` };
};

export const placeOrder = async (base: string, token: string, body: unknown): Promise<void> => {
  await json(await post(`${base}/api/orders`, body, token), "place order", 201);
};

/** A socket.io client (websocket transport, like the SPA's first choice), connected. */
export const connectSocket = async (base: string, token?: string): Promise<Socket> => {
  const socket = io(base, {
    transports: ["websocket"],
    reconnection: false,
    timeout: 10_000,
    ...(token && { auth: { token } }),
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (err) => reject(err));
  });
  return socket;
};

/**
 * The shop's event-loop delay since the previous call, from prom-client's process metrics on
 * /metrics (which reset their histogram on every scrape): the longest and the 99th percentile
 * time the event loop was held, in ms. prom-client samples every 10 ms and reports each sample's
 * whole interval, so the interval is taken off.
 */
const SAMPLE_INTERVAL_MS = 10;

export const eventLoopDelay = async (base: string): Promise<{ maxMs: number; p99Ms: number }> => {
  const res = await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`metrics: ${res.status}`);
  const read = (name: string) => {
    const value = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.eE+-]+)$`, "m").exec(text)?.[1];
    if (value === undefined) throw new Error(`metrics: no ${name} (process metrics off?)`);
    return Math.max(0, Number(value) * 1000 - SAMPLE_INTERVAL_MS);
  };
  return { maxMs: read("nodejs_eventloop_lag_max_seconds"), p99Ms: read("nodejs_eventloop_lag_p99_seconds") };
};
