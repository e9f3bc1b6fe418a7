import { existsSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import express, { type Request, type RequestHandler, type Response, Router } from "express";

/** Vite's hashed file names change with their content: cache them for a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** index.html names the current hashed files: always revalidate it. */
export const REVALIDATE = "no-cache";

// The copies vite-plugin-compression2 writes beside each asset (frontend/vite.config.ts).
const CODINGS = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
// Only plain relative paths are looked up: no "..", no encoded separators, no dot files.
const SAFE_PATH = /^\/(?:[\w-]+\/)*[\w-][\w.-]*$/;

const cacheControlOf = (path: string): string => (path.startsWith("/assets/") ? IMMUTABLE : REVALIDATE);

const isFile = (path: string): boolean => existsSync(path) && statSync(path).isFile();

/**
 * Sends `file` (a path under `root`, starting with "/") as the client accepts it: the brotli or
 * gzip copy built beside it, with Content-Encoding and Vary, else the file itself. False when the
 * file does not exist.
 */
const sendAsset = (req: Request, res: Response, root: string, file: string): boolean => {
  const plain = join(root, file);
  if (!isFile(plain)) return false;
  res.setHeader("Cache-Control", cacheControlOf(file));
  if (COMPRESSIBLE.test(file)) {
    res.vary("Accept-Encoding");
    // The smallest copy the client accepts: brotli before gzip, whatever order the header lists them in.
    const coding = CODINGS.find(
      (c) => req.acceptsEncodings(c.encoding) === c.encoding && isFile(plain + c.suffix),
    );
    if (coding) {
      res.type(extname(file));
      res.setHeader("Content-Encoding", coding.encoding);
      res.sendFile(plain + coding.suffix, { cacheControl: false, dotfiles: "deny" });
      return true;
    }
  }
  res.sendFile(plain, { cacheControl: false, dotfiles: "deny" });
  return true;
};

/**
 * The built SPA: its files, pre-compressed where the build made a copy, and index.html for every
 * other GET (the client router's paths). Until the build exists, a 503 saying so.
 */
export const serveSpa = (spaDir: string): RequestHandler => {
  const router = Router();
  router.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (!SAFE_PATH.test(req.path)) return next();
    if (!sendAsset(req, res, spaDir, req.path)) next();
  });
  // Anything the safe-path rule left out (odd but valid names) is still served, uncompressed.
  router.use(
    express.static(spaDir, {
      index: false,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader("Cache-Control", path.includes(join("assets", "")) ? IMMUTABLE : REVALIDATE);
      },
    }),
  );
  // A hashed file an old page still asks for is gone: a 404, never index.html as JavaScript.
  router.use("/assets", (_req, res) => {
    res.status(404).type("text/plain").send("Not found");
  });
  router.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (sendAsset(req, res, spaDir, "/index.html")) return;
    res.status(503).type("text/plain").send("The storefront is not built yet: run `npm run build`.");
  });
  return router;
};
