import { Texts } from "@shop/contracts";
import { useReadPosition } from "../stores/read-position.ts";
import { useSession } from "../stores/session.ts";

export interface FieldError {
  path: string;
  message: string;
}

/** A failed call, carrying the problem document's `detail` (the text a person reads). */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly errors: FieldError[];
  readonly payablePaise?: number;
  readonly retryAfterSeconds?: number;

  constructor(init: {
    status: number;
    detail: string;
    errors?: FieldError[];
    payablePaise?: number;
    retryAfterSeconds?: number;
  }) {
    super(init.detail);
    this.name = "ApiError";
    this.status = init.status;
    this.detail = init.detail;
    this.errors = init.errors ?? [];
    if (init.payablePaise !== undefined) this.payablePaise = init.payablePaise;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

const readBody = async (res: Response): Promise<unknown> => {
  if (res.status === 204) return undefined;
  const type = res.headers.get("content-type") ?? "";
  if (type.includes("json")) return res.json();
  const text = await res.text();
  return text === "" ? undefined : text;
};

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** "45 seconds", "15 minutes", "1 hour": how long a Retry-After asks to wait. */
export const waitText = (seconds: number): string =>
  seconds < 60
    ? plural(Math.ceil(seconds), "second")
    : seconds < 3600
      ? plural(Math.ceil(seconds / 60), "minute")
      : plural(Math.ceil(seconds / 3600), "hour");

const toApiError = (res: Response, body: unknown): ApiError => {
  const retryAfter = Number(res.headers.get("retry-after"));
  const hasRetryAfter = Number.isFinite(retryAfter) && retryAfter > 0;
  const problem = isRecord(body) ? body : {};
  const type = res.headers.get("content-type") ?? "";
  const said =
    typeof problem.detail === "string"
      ? problem.detail
      : typeof body === "string" && body !== "" && !type.includes("html")
        ? body
        : res.statusText || `Request failed (${res.status})`;
  // A server fault is the spec's 'Failed to fetch!', never the server's own text; too many tries
  // say how long to wait.
  const detail =
    res.status >= 500
      ? Texts.failedToFetch
      : res.status === 429 && hasRetryAfter
        ? `${said.replace(/[.!]?\s*$/, ".")} Please try again in ${waitText(retryAfter)}.`
        : said;
  return new ApiError({
    status: res.status,
    detail,
    errors: Array.isArray(problem.errors) ? (problem.errors as FieldError[]) : [],
    ...(typeof problem.payablePaise === "number" ? { payablePaise: problem.payablePaise } : {}),
    ...(hasRetryAfter ? { retryAfterSeconds: retryAfter } : {}),
  });
};

const request = async <T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> => {
  const headers: Record<string, string> = { Accept: "application/json, application/problem+json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  // Read-your-writes: a query reflects at least the user's own last command.
  const minPosition = useReadPosition.getState().minPosition;
  if (method === "GET" && minPosition !== null) headers["X-Min-Position"] = minPosition;
  Object.assign(headers, options.headers);

  return settle<T>(
    method,
    path,
    fetch(path, {
      method,
      headers,
      credentials: "include",
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    }),
  );
};

/** A request's answer as the caller gets it: the body, or an ApiError with the words a person reads. */
const settle = async <T>(method: Method, path: string, pending: Promise<Response>): Promise<T> => {
  let res: Response;
  try {
    res = await pending;
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    throw new ApiError({ status: 0, detail: Texts.failedToFetch });
  }

  const body = await readBody(res);
  if (!res.ok) {
    // A session the server no longer knows is over here too (login's own 401 is a wrong password).
    if (res.status === 401 && path !== "/api/auth/login") useSession.getState().clear(true);
    throw toApiError(res, body);
  }
  if (method !== "GET" && isRecord(body) && typeof body.position === "string") {
    useReadPosition.getState().remember(body.position);
  }
  return body as T;
};

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "body">) => request<T>("GET", path, options),
  /** A GET someone else already sent (index.html's early requests), answered as `get` would. */
  adoptGet: <T>(path: string, pending: Promise<Response>) => settle<T>("GET", path, pending),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("POST", path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PUT", path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PATCH", path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>("DELETE", path, options),
};

/** Builds `path?a=1&b=2`, leaving out undefined values. */
export const withQuery = (path: string, params: Record<string, string | number | undefined>): string => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
};
