import { Pool } from "undici";

export interface HttpCall {
  method: "GET" | "POST" | "PUT";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  ok: number;
  failed: number;
  /** Status (or error name) → count, for the failures. */
  failures: Record<string, number>;
  elapsedMs: number;
  /** Latencies of the successful calls. */
  latenciesMs: number[];
}

const JSON_HEADERS = { "content-type": "application/json" };

/**
 * A closed loop: `connections` workers each send a call, await its answer, and send the next,
 * until `durationMs` has passed or `maxCalls` calls were made (both bound every run).
 */
export const closedLoop = async (opts: {
  origin: string;
  connections: number;
  durationMs: number;
  maxCalls: number;
  call: (i: number) => HttpCall;
}): Promise<LoadResult> => {
  const pool = new Pool(opts.origin, {
    connections: opts.connections,
    pipelining: 1,
    headersTimeout: 15_000,
    bodyTimeout: 15_000,
  });
  const latenciesMs: number[] = [];
  const failures: Record<string, number> = {};
  let ok = 0;
  let failed = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + opts.durationMs;
  const worker = async () => {
    while (issued < opts.maxCalls && performance.now() < deadline) {
      const c = opts.call(issued++);
      const t0 = performance.now();
      try {
        const res = await pool.request({
          method: c.method,
          path: c.path,
          headers: { ...(c.body !== undefined && JSON_HEADERS), ...c.headers },
          ...(c.body !== undefined && { body: c.body }),
        });
        await res.body.arrayBuffer();
        if (res.statusCode >= 200 && res.statusCode < 300) {
          ok++;
          latenciesMs.push(performance.now() - t0);
        } else {
          failed++;
          failures[res.statusCode] = (failures[res.statusCode] ?? 0) + 1;
        }
      } catch (err) {
        failed++;
        const name = err instanceof Error ? err.name : "error";
        failures[name] = (failures[name] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, worker));
  const elapsedMs = performance.now() - started;
  await pool.close();
  return { ok, failed, failures, elapsedMs, latenciesMs };
};

/**
 * An open loop at a steady rate: call i is sent at start + i / rate, whether or not earlier
 * answers are in (evenly paced, never a burst to catch up more than one tick). Bounded by
 * `durationMs`; answers are awaited (bounded by the pool's timeouts) before it returns.
 */
export const pacedLoop = async (opts: {
  origin: string;
  perSecond: number;
  durationMs: number;
  call: (i: number, sentAt: number) => HttpCall;
}): Promise<{
  sent: number;
  ok: number;
  failed: number;
  failures: Record<string, number>;
  lateMs: number[];
}> => {
  const pool = new Pool(opts.origin, {
    connections: 32,
    pipelining: 1,
    headersTimeout: 15_000,
    bodyTimeout: 15_000,
  });
  const interval = 1000 / opts.perSecond;
  const total = Math.floor((opts.durationMs / 1000) * opts.perSecond);
  const failures: Record<string, number> = {};
  const lateMs: number[] = [];
  const inflight: Promise<void>[] = [];
  let ok = 0;
  let failed = 0;
  const start = performance.now() + 20;
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    // No busy-wait: it would also delay the socket.io receive timestamps. The schedule is
    // absolute, so timer jitter (recorded in lateMs) never accumulates into drift or bursts.
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const sentAt = performance.now();
    lateMs.push(sentAt - due);
    const c = opts.call(i, sentAt);
    inflight.push(
      pool
        .request({
          method: c.method,
          path: c.path,
          headers: { ...(c.body !== undefined && JSON_HEADERS), ...c.headers },
          ...(c.body !== undefined && { body: c.body }),
        })
        .then(async (res) => {
          await res.body.arrayBuffer();
          if (res.statusCode >= 200 && res.statusCode < 300) ok++;
          else {
            failed++;
            failures[res.statusCode] = (failures[res.statusCode] ?? 0) + 1;
          }
        })
        .catch((err: unknown) => {
          failed++;
          const name = err instanceof Error ? err.name : "error";
          failures[name] = (failures[name] ?? 0) + 1;
        }),
    );
  }
  await Promise.all(inflight);
  await pool.close();
  return { sent: total, ok, failed, failures, lateMs };
};
