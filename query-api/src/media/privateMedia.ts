import { isAdmin, isPrivateMedia, Texts, uploadOwnerKey, uploadUrlOf } from "@shop/contracts";
import {
  resolveSession,
  type SessionDeps,
  type SessionUser,
  sendProblem,
  tokenFromHeaders,
} from "@shop/platform/http";
import type { Request, RequestHandler, Response } from "express";

type Access = "allowed" | "unauthenticated" | "forbidden";

/** Whether `user` may see the image at `url` (decoded): public folders anyone; a book list its uploader and admins. */
export const mediaAccess = async (
  deps: Pick<SessionDeps, "secrets">,
  url: string,
  user: SessionUser | null,
): Promise<Access> => {
  if (!isPrivateMedia(url)) return "allowed";
  if (!user) return "unauthenticated";
  if (isAdmin(user.accType)) return "allowed";
  const uploader = await deps.secrets.get(uploadOwnerKey(uploadUrlOf(url)));
  return uploader !== null && uploader === user.userId ? "allowed" : "forbidden";
};

const refuse = (res: Response, access: Exclude<Access, "allowed">) =>
  access === "unauthenticated"
    ? sendProblem(res, 401, Texts.loginFirst)
    : sendProblem(res, 403, "Only its customer and the admins may see a book list");

const decoded = (path: string): string | null => {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
};

/**
 * In front of the standalone's `/media` mount: a book-list photo goes only to whoever may see it,
 * and no cache but the browser's own keeps it. The path is decoded once, as serveMedia decodes it.
 */
export const privateMediaGuard =
  (deps: SessionDeps): RequestHandler =>
  async (req, res, next) => {
    try {
      const path = decoded(req.path);
      if (path === null) return next();
      const url = `/media${path}`;
      if (!isPrivateMedia(url)) return next();
      const access = await mediaAccess(deps, url, await resolveSession(deps, tokenFromHeaders(req.headers)));
      if (access !== "allowed") return refuse(res, access);
      res.setHeader("Cache-Control", "private, no-store");
      next();
    } catch (err) {
      next(err);
    }
  };

/**
 * nginx's `auth_request` for `/media/bookList/` (deploy/nginx.conf): nginx asks only for paths it
 * matched (normalised) to that folder, and sends the request line's URI as written in
 * `X-Original-URI`; the file it would serve is named by that path's last segment, decoded.
 * 204 to serve it, else 401 or 403.
 */
export const mediaAccessRoute =
  (deps: SessionDeps): RequestHandler =>
  async (req: Request, res: Response) => {
    const raw = (req.get("x-original-uri") ?? "").split("?", 1)[0] ?? "";
    const name = decoded(raw)?.split("/").at(-1);
    if (!name) return refuse(res, "forbidden");
    const url = `/media/bookList/${name}`;
    res.setHeader("Cache-Control", "no-store");
    const access = await mediaAccess(deps, url, await resolveSession(deps, tokenFromHeaders(req.headers)));
    if (access !== "allowed") return refuse(res, access);
    res.status(204).end();
  };
