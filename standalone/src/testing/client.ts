/** A tiny HTTP client for integration tests: JSON in and out, a bearer token when logged in. */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export const client = (base: string, token?: string) => {
  const call = async <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body !== undefined && { "content-type": "application/json" }),
        ...(token && { authorization: `Bearer ${token}` }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T, headers: res.headers };
  };
  return {
    get: <T = Record<string, unknown>>(path: string, headers?: Record<string, string>) =>
      call<T>("GET", path, undefined, headers),
    post: <T = Record<string, unknown>>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>("POST", path, body, headers),
    put: <T = Record<string, unknown>>(path: string, body?: unknown) => call<T>("PUT", path, body),
    patch: <T = Record<string, unknown>>(path: string, body?: unknown) => call<T>("PATCH", path, body),
    del: <T = Record<string, unknown>>(path: string) => call<T>("DELETE", path),
  };
};

export const login = async (base: string, email: string, password: string) => {
  const res = await client(base).post<{ token: string; user: { id: string } }>("/api/auth/login", {
    email,
    password,
  });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, user: res.body.user, api: client(base, res.body.token) };
};
