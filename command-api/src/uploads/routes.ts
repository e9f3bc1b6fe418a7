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
  UPLOAD_RECEIVE_MS,
  UPLOAD_WAIT_MS,
  UPLOADS_PER_USER,
  UPLOADS_RECEIVING,
  UPLOADS_RECEIVING_ADMIN,
  UPLOADS_RECEIVING_PER_ADDRESS,
} from "@shop/contracts";
import { lazyImport } from "@shop/platform";
import { requireSession, type SessionUser } from "@shop/platform/http";
import { type Request, type RequestHandler, type Response, Router } from "express";
import type { CommandApiDeps } from "../deps.ts";
import { clientNetwork } from "../http/clientNetwork.ts";
import { consume } from "../http/rateLimit.ts";
import { recordUploader } from "./uploadOwner.ts";
import { uploadSlots } from "./uploadSlots.ts";

const HOUR = 60 * 60 * 1000;
const UPLOAD_TOO_SLOW = "The upload took too long to arrive, try again on a better connection";

/** A job that timed out or failed: the image workers are busy (or down); the upload may be retried. */
const IMAGE_BUSY = "The image could not be processed in time, try again shortly";

/**
 * In memory, at most one file of MAX_UPLOAD_BYTES: nothing touches the disk before the checks pass.
 * multer is loaded at the first upload, not at start (~50 ms of a boot: bench/RESULTS.md,
 * thirteenth session).
 */
const loadMultipart = lazyImport(() =>
  import("multer").then(({ default: multer, MulterError }) => ({
    upload: multer({
      storage: multer.memoryStorage(),
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    }).single("file") as RequestHandler,
    MulterError,
  })),
);

/** The body must be in within `receiveMs`: a sender that trickles is cut off (408), its place freed. */
const parseMultipart = async (req: Request, res: Response, receiveMs: number): Promise<void> => {
  const { upload, MulterError } = await loadMultipart();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      req.unpipe();
      res.setHeader("Connection", "close");
      res.once("finish", () => req.destroy());
      reject(new DomainError("timeout", UPLOAD_TOO_SLOW));
    }, receiveMs);
    upload(req, res, (err: unknown) => {
      clearTimeout(timer);
      if (!err) return resolve();
      if (err instanceof MulterError && err.code === "LIMIT_FILE_SIZE")
        return reject(new DomainError("too_large", Texts.fileTooLarge));
      if (err instanceof MulterError)
        return reject(invalid(Texts.invalidInput, [{ path: err.field ?? "file", message: err.message }]));
      // A malformed multipart body (busboy's errors) is the client's mistake, not a 500.
      reject(
        invalid(Texts.invalidInput, [{ path: "file", message: "Send the image as multipart/form-data" }]),
      );
    });
  });
};

const isMediaFolder = (value: unknown): value is MediaFolder =>
  typeof value === "string" && (MEDIA_FOLDERS as readonly string[]).includes(value);

/**
 * POST /api/uploads (API.md): the bytes go to the media `incoming/` folder and the image worker
 * checks, cleans and stores them; the request waits for its answer. A customer may upload only a
 * book list photo; every other folder feeds the catalogue and is the admin's.
 */
export const uploadsRoutes = (deps: CommandApiDeps): Router => {
  const router = Router();
  // Two pools: bodies being received (their bytes in memory), then uploads waiting for the image
  // worker. A place in the second is taken only once a body is in, so senders that trickle (or
  // stall) never hold the places everyone's uploads wait in; the first pool is larger and each
  // of its places ends with the receive time.
  // The customers' places are bounded per client address too, and the admins have their own: the
  // catalogue's images, and other addresses' book lists, go in while one address trickles.
  const receiving = uploadSlots(UPLOADS_PER_USER, UPLOADS_RECEIVING);
  const receivingByAddress = uploadSlots(UPLOADS_RECEIVING_PER_ADDRESS, Number.POSITIVE_INFINITY);
  const adminsReceiving = uploadSlots(UPLOADS_PER_USER, UPLOADS_RECEIVING_ADMIN);
  const takeReceiving = (req: Request, session: SessionUser): (() => void) => {
    if (isAdmin(session.accType)) return adminsReceiving.take(session.userId);
    const releaseAddress = receivingByAddress.take(clientNetwork(req));
    try {
      const release = receiving.take(session.userId);
      return () => {
        release();
        releaseAddress();
      };
    } catch (err) {
      releaseAddress();
      throw err;
    }
  };
  const waiting = uploadSlots();
  const waitMs = deps.uploadWaitMs ?? UPLOAD_WAIT_MS;
  const receiveMs = deps.uploadReceiveMs ?? UPLOAD_RECEIVE_MS;

  router.post("/uploads", async (req, res) => {
    // Before reading the body: a visitor's upload, or one past the bounds, is refused without
    // buffering it.
    const session = requireSession(res);
    const release = takeReceiving(req, session);
    try {
      // Every upload is kept for good: a customer's are counted (before the body is read), so one
      // account cannot fill the disk. The admin's catalogue images are the admin's decision.
      if (!isAdmin(session.accType))
        await consume(deps.secrets, `uploads:${session.userId}`, deps.rateLimits.uploads, HOUR);
      const url = await receiveUpload(req, res, session);
      res.status(201).json({ url });
    } finally {
      release();
    }
  });

  const receiveUpload = async (req: Request, res: Response, session: SessionUser): Promise<string> => {
    await parseMultipart(req, res, receiveMs);
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

    const release = waiting.take(session.userId);
    try {
      return await processUpload(file, folder, session);
    } finally {
      release();
    }
  };

  const processUpload = async (
    file: Express.Multer.File,
    folder: MediaFolder,
    session: SessionUser,
  ): Promise<string> => {
    const incomingPath = await deps.media.writeIncoming(file.buffer);
    const job: ImageJob = { incomingPath, folder, originalName: file.originalname };
    let result: ImageJobResult;
    try {
      const { id } = await deps.jobs.add(Queues.images, IMAGE_JOB, job, {
        attempts: 1,
        removeOnComplete: true,
        removeOnFail: true,
      });
      result = await deps.jobs.waitUntilFinished<ImageJobResult>(Queues.images, id, waitMs);
    } catch (err) {
      // The worker removes the file whatever it decides; this covers a job that failed, never ran or
      // ran out of time (a worker still busy with it then fails on a missing file, which is harmless).
      await rm(incomingPath, { force: true });
      // Busy or broken image workers are an outage to wait out, never a 500 for the uploader.
      deps.logger.warn({ err, folder }, "image job did not finish");
      throw new DomainError("unavailable", IMAGE_BUSY, { retryAfterSeconds: 10 });
    }
    if (!result.ok) {
      throw result.refusal === "too_large"
        ? new DomainError("too_large", Texts.fileTooLarge)
        : new DomainError("unsupported_type", Texts.wrongFileType);
    }
    await recordUploader(deps.secrets, result.url, session.userId);
    return result.url;
  };

  return router;
};
