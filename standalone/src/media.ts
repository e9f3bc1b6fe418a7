import { isPrivateMedia, MediaUrl } from "@shop/contracts";
import type { Request, RequestHandler, Response } from "express";

const notFound = (res: Response) => {
  res.status(404).type("text/plain").send("Not found");
};

/**
 * `/media/<folder>/<name>` (mounted at /media): the path is decoded once, then it must be exactly
 * an image URL this shop issues (contracts' MediaUrl: a public folder and a plain file name), so
 * no spelling (`%2f`, `//`, `./`, `..`, `%69ncoming`, backslashes, NUL) reaches `incoming/`, where
 * uploads wait unchecked, or anything else. Anything else is a plain 404, never an HTML page.
 */
export const serveMedia = (mediaDir: string): RequestHandler => {
  return (req: Request, res: Response) => {
    if (req.method !== "GET" && req.method !== "HEAD") return notFound(res);
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return notFound(res);
    }
    const url = `/media${path}`;
    if (!MediaUrl.safeParse(url).success) return notFound(res);
    // A book-list photo (privateMediaGuard let it through): its "private, no-store" stands.
    const caching = isPrivateMedia(url) ? { cacheControl: false } : { immutable: true, maxAge: "7d" };
    res.sendFile(path.slice(1), { root: mediaDir, dotfiles: "deny", index: false, ...caching }, (err) => {
      if (err && !res.headersSent) notFound(res);
    });
  };
};
