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

/** Signs up a fresh customer with a unique e-mail. */
export const signupCustomer = async (base: string, name = "Test Customer") => {
  const email = `c.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await client(base).post<{ token: string; user: { id: string }; position: string }>(
    "/api/auth/signup",
    {
      name,
      email,
      contact: "+91 90000 00000",
      password: "a-long-password",
      address: "1 Test Street, Nagpur",
    },
  );
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, token: res.body.token, user: res.body.user, api: client(base, res.body.token) };
};
