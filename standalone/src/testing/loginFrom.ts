import { request } from "node:http";

export interface LoginAnswer {
  status: number;
  type: string;
  retryAfter: string;
  /** The `name=value` of each cookie the answer sets. */
  cookies: string[];
}

/**
 * A login sent from one loopback address (127.0.0.x): another client, as the shop sees it, with
 * the browser's cookies when it has some.
 */
export const loginFrom = (
  port: number,
  localAddress: string,
  email: string,
  password: string,
  cookie = "",
): Promise<LoginAnswer> =>
  new Promise((resolve, reject) => {
    const body = JSON.stringify({ email, password });
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/auth/login",
        localAddress,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          ...(cookie && { cookie }),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            type: res.headers["content-type"] ?? "",
            retryAfter: String(res.headers["retry-after"] ?? ""),
            cookies: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0] ?? ""),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
