import { vi } from "vitest";

export interface MockReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RecordedCall {
  method: string;
  path: string;
  url: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

type Handler = MockReply | ((call: RecordedCall) => MockReply | Promise<MockReply>);

/** A problem document as the server sends it (API.md "Errors"). */
export const problem = (status: number, detail: string, extra: Record<string, unknown> = {}): MockReply => ({
  status,
  body: { type: "about:blank", title: detail, status, detail, ...extra },
  headers: { "content-type": "application/problem+json" },
});

const toResponse = ({ status = 200, body, headers = {} }: MockReply): Response =>
  new Response(status === 204 || body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

/**
 * Replaces `fetch`: handlers are keyed `"GET /api/orders"` (path without the query string).
 * Unmatched calls answer a 404 problem. Every call is recorded in order.
 */
export const mockApi = (handlers: Record<string, Handler>) => {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? "GET").toUpperCase();
    const path = new URL(url, "http://localhost").pathname;
    const call: RecordedCall = {
      method,
      path,
      url,
      headers: new Headers(init?.headers),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      credentials: init?.credentials,
    };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    if (!handler) return toResponse(problem(404, `No mock for ${method} ${path}`));
    return toResponse(typeof handler === "function" ? await handler(call) : handler);
  });
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
};

/** A promise a test settles by hand, to observe pending states. */
export const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};
