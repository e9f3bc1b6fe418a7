import { rm } from "node:fs/promises";
import {
  DomainError,
  forbidden,
  IMAGE_JOB,
  type ImageJob,
  type ImageJobResult,
  invalid,
  isAdmin,
  MAX_UPLOAD_BYTES,
  MEDIA_FOLDERS,
  type MediaFolder,
  Queues,
  sniffImageType,
  Texts,
} from "@shop/contracts";
import { requireSession } from "@shop/platform/http";
import { type Request, type Response, Router } from "express";
import multer, { MulterError } from "multer";
import type { CommandApiDeps } from "../deps.ts";

/** How long the request waits for the image worker before giving up. */
const PROCESSING_TIMEOUT_MS = 30_000;

// In memory, at most one file of MAX_UPLOAD_BYTES: nothing touches the disk before the checks pass.
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
}).single("file");

const parseMultipart = (req: Request, res: Response): Promise<void> =>
  new Promise((resolve, reject) => {
    upload(req, res, (err: unknown) => {
      if (!err) return resolve();
      if (err instanceof MulterError && err.code === "LIMIT_FILE_SIZE")
        return reject(new DomainError("too_large", Texts.fileTooLarge));
      if (err instanceof MulterError)
        return reject(invalid(Texts.invalidInput, [{ path: err.field ?? "file", message: err.message }]));
      reject(err);
    });
  });

const isMediaFolder = (value: unknown): value is MediaFolder =>
  typeof value === "string" && (MEDIA_FOLDERS as readonly string[]).includes(value);

/**
 * POST /api/uploads (API.md): the bytes go to the media `incoming/` folder and the image worker
 * checks, cleans and stores them; the request waits for its answer. A customer may upload only a
 * book list photo; every other folder feeds the catalogue and is the admin's.
 */
export const uploadsRoutes = (deps: CommandApiDeps): Router => {
  const router = Router();

  router.post("/uploads", async (req, res) => {
    // Before reading the body: a visitor's upload is refused without buffering it.
    const session = requireSession(res);
    await parseMultipart(req, res);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const folder = body.folder;
    if (!isMediaFolder(folder))
      throw invalid(Texts.invalidInput, [
        { path: "folder", message: `Use one of ${MEDIA_FOLDERS.join(", ")}` },
      ]);
    if (folder !== "bookList" && !isAdmin(session.accType)) throw forbidden(Texts.forbidden);
    const file = req.file;
    if (!file || file.size === 0)
      throw invalid(Texts.invalidInput, [{ path: "file", message: "Choose an image" }]);
    // A quick look at the magic bytes here; the worker decodes them and checks again.
    if (!sniffImageType(file.buffer)) throw new DomainError("unsupported_type", Texts.wrongFileType);

    const incomingPath = await deps.media.writeIncoming(file.buffer);
    const job: ImageJob = { incomingPath, folder, originalName: file.originalname };
    let result: ImageJobResult;
    try {
      const { id } = await deps.jobs.add(Queues.images, IMAGE_JOB, job, {
        attempts: 1,
        removeOnComplete: true,
        removeOnFail: true,
      });
      result = await deps.jobs.waitUntilFinished<ImageJobResult>(Queues.images, id, PROCESSING_TIMEOUT_MS);
    } catch (err) {
      // The worker removes the file whatever it decides; this covers a job that failed, never ran or
      // ran out of time (a worker still busy with it then fails on a missing file, which is harmless).
      await rm(incomingPath, { force: true });
      throw err;
    }
    if (!result.ok) {
      throw result.refusal === "too_large"
        ? new DomainError("too_large", Texts.fileTooLarge)
        : new DomainError("unsupported_type", Texts.wrongFileType);
    }
    res.status(201).json({ url: result.url });
  });

  return router;
};
