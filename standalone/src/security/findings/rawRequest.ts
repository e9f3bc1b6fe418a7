import { request } from "node:http";

export interface RawAnswer {
  status: number;
  type: string;
  body: string;
}

/** A request with the path exactly as written: no client-side URL normalisation. */
export const rawRequest = (
  port: number,
  method: string,
  path: string,
  body?: string,
  type?: string,
  headers: Record<string, string> = {},
) =>
  new Promise<RawAnswer>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: { ...headers, ...(type && { "content-type": type }) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          text += c;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"] ?? "", body: text }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
