import { isAdmin, Queues, Texts } from "@shop/contracts";
import { type Config, settlesWithin } from "@shop/platform";
import {
  CROSS_SITE_REFUSED,
  isForgeable,
  resolveSession,
  type SessionDeps,
  sendProblem,
  tokenFromHeaders,
} from "@shop/platform/http";
import { type RequestHandler, Router } from "express";

export interface QueuePage {
  handler: RequestHandler;
  close(): Promise<void>;
}

const EMBEDDED_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Queues</title></head>
<body style="font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 3rem auto">
<h1>Job queues</h1>
<p>This shop runs in the embedded profile: mail and image jobs run in-process, in the same Node
process as the shop, so there is no queue server to inspect. Their outcomes are in the JSON log
(one line per job) and their counts and durations on <a href="/metrics">/metrics</a>.</p>
<p>The production profile (<code>REDIS_URL</code> set) serves the BullMQ dashboard here, for admins.</p>
</body></html>`;

/**
 * `/ops/queues`. With REDIS_URL: the BullMQ dashboard (`@bull-board/express`) for admins only: a
 * visitor gets 401, another role 403. Embedded: a short page saying jobs run in-process. OTP jobs
 * are removed when they finish and carry only the sealed code, so the dashboard never shows one.
 */
export async function queuePage(
  config: Config,
  /** `redisPrefix`: the queues' Redis prefix, REDIS_PREFIX when absent (as the job queue's). */
  deps: SessionDeps & { basePath?: string; redisPrefix?: string },
): Promise<QueuePage> {
  if (!config.redisUrl) {
    return {
      handler: (_req, res) => {
        res.type("html").send(EMBEDDED_PAGE);
      },
      close: async () => {},
    };
  }
  const [{ Queue }, { createBullBoard }, { BullMQAdapter }, { ExpressAdapter }] = await Promise.all([
    import("bullmq"),
    import("@bull-board/api"),
    import("@bull-board/api/bullMQAdapter"),
    import("@bull-board/express"),
  ]);
  const prefix = `${deps.redisPrefix ?? config.redisPrefix ?? ""}bull`;
  const queues = Object.values(Queues).map(
    (name) => new Queue(name, { connection: { url: config.redisUrl }, prefix }),
  );
  const board = new ExpressAdapter();
  board.setBasePath(deps.basePath ?? "/ops/queues");
  createBullBoard({ queues: queues.map((q) => new BullMQAdapter(q)), serverAdapter: board });
  const dashboard = board.getRouter() as RequestHandler;

  const router = Router();
  router.use(async (req, res, next) => {
    try {
      // The board's actions (retry, clean, pause) are PUTs an admin's cookie authenticates.
      if (isForgeable(req, config.publicUrl)) return sendProblem(res, 403, CROSS_SITE_REFUSED);
      const user = await resolveSession(deps, tokenFromHeaders(req.headers));
      if (!user) return sendProblem(res, 401, Texts.loginFirst);
      if (!isAdmin(user.accType)) return sendProblem(res, 403, "Only admins may see the job queues");
      // An admin's page: no cache keeps it.
      res.setHeader("Cache-Control", "no-store");
      next();
    } catch (err) {
      next(err);
    }
  });
  router.use(dashboard);
  return {
    handler: router,
    // A Redis that does not answer (frozen) holds a close for a minute: cut after a second.
    async close() {
      if (!(await settlesWithin(Promise.allSettled(queues.map((q) => q.close())), 1000)))
        await Promise.allSettled(queues.map((q) => q.disconnect()));
    },
  };
}
