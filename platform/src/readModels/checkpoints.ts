import { comparePositions } from "@shop/contracts";
import { type DocumentStore, DuplicateKeyError } from "../ports/documents.ts";

/**
 * The projector's checkpoint: the last log position the read models reflect, one document in the
 * `checkpoints` collection. The projector writes it after each batch; a query-api in another
 * process reads it for `X-Min-Position` and /readyz.
 */
export const CHECKPOINTS = "checkpoints";
const ID = "projector";
type CheckpointDoc = {
  _id: string;
  position: string;
  /** The position zero-padded to 20 digits, so the store compares it as a number. */
  at: string;
  /** The leadership fence of the writer (Redis lock); 0 without a lock. */
  fence: number;
  updatedAt: string;
};

const padded = (position: string) => position.padStart(20, "0");

/** A checkpoint write refused because a newer leader (a higher fence) wrote the checkpoint. */
export class CheckpointRefusedError extends Error {
  override name = "CheckpointRefusedError";
}

export const loadCheckpoint = async (docs: DocumentStore): Promise<string | undefined> =>
  (await docs.collection<CheckpointDoc>(CHECKPOINTS).findOne({ _id: ID }))?.position;

/** The fence of the leader that last wrote the checkpoint (0 when none did). */
export const loadCheckpointFence = async (docs: DocumentStore): Promise<number> =>
  (await docs.collection<CheckpointDoc>(CHECKPOINTS).findOne({ _id: ID }))?.fence ?? 0;

const checkpointDoc = (position: string, fence: number): CheckpointDoc => ({
  _id: ID,
  position,
  at: padded(position),
  fence,
  updatedAt: new Date().toISOString(),
});

/**
 * Moves the checkpoint to `position`, conditionally, in one write: only forward (a position at or
 * behind the stored one changes nothing), and only while no leader with a higher `fence` has
 * written it; a deposed leader gets `CheckpointRefusedError` and must stop.
 */
export const saveCheckpoint = async (
  docs: DocumentStore,
  position: string,
  opts: { fence?: number } = {},
): Promise<void> => {
  const fence = opts.fence ?? 0;
  const coll = docs.collection<CheckpointDoc>(CHECKPOINTS);
  try {
    // `$not` also matches a document written before these fields existed.
    await coll.replaceOne(
      { _id: ID, at: { $not: { $gte: padded(position) } }, fence: { $not: { $gt: fence } } },
      checkpointDoc(position, fence),
      { upsert: true },
    );
    return;
  } catch (err) {
    // No match: the upsert's insert met the existing document.
    if (!(err instanceof DuplicateKeyError)) throw err;
  }
  const stored = await coll.findOne({ _id: ID });
  if (stored && (stored.fence ?? 0) > fence)
    throw new CheckpointRefusedError(
      `checkpoint written by a newer leader (fence ${stored.fence} > ${fence}); this instance no longer leads`,
    );
};

/** Sets the checkpoint wherever a rebuild left the read models, backwards too; the projector must be stopped. */
export const resetCheckpoint = async (docs: DocumentStore, position: string): Promise<void> => {
  await docs
    .collection<CheckpointDoc>(CHECKPOINTS)
    .replaceOne({ _id: ID }, checkpointDoc(position, 0), { upsert: true });
};

/** How far the read models are: what query-api waits on for `X-Min-Position` and reports in /readyz. */
export interface ProjectionProgress {
  position(): Promise<string>;
  /** Resolves true once the read models reflect `position`, false after `timeoutMs`. */
  waitFor(position: string, timeoutMs: number): Promise<boolean>;
}

export interface CheckpointProgressOptions {
  /**
   * How often the checkpoint is read while a request waits on it (default 100 ms); nothing is read
   * while nobody waits. With `onMoved` a notice wakes the waiters at once, so this is only the
   * fallback for a lost notice.
   */
  intervalMs?: number;
  /** Subscribes to "the checkpoint moved" notices (the projector's `CheckpointSignal`). */
  onMoved?: (listener: (position: string) => void) => () => void;
}

/**
 * For a query-api in another process than the projector. One check at a time serves every waiter
 * (not one 15 ms poll per request); it runs only while someone waits, woken by the projector's
 * notice when there is one, else every `intervalMs`.
 */
export const checkpointProgress = (
  docs: DocumentStore,
  options: CheckpointProgressOptions = {},
): ProjectionProgress & { close(): void } => {
  const intervalMs = options.intervalMs ?? 100;
  const waiters = new Set<{ position: string; resolve: (ok: boolean) => void; timer: NodeJS.Timeout }>();
  let known = "0";
  let checking: Promise<void> | null = null;
  let poll: NodeJS.Timeout | undefined;

  const settle = (position: string) => {
    if (comparePositions(position, known) > 0) known = position;
    for (const w of waiters) {
      if (comparePositions(known, w.position) >= 0) {
        waiters.delete(w);
        clearTimeout(w.timer);
        w.resolve(true);
      }
    }
    if (waiters.size === 0) {
      clearTimeout(poll);
      poll = undefined;
    }
  };
  const check = () => {
    checking ??= loadCheckpoint(docs)
      .then((p) => settle(p ?? "0"))
      .catch(() => {}) // the store is away: the waiters time out
      .finally(() => {
        checking = null;
        schedule();
      });
    return checking;
  };
  const schedule = () => {
    if (waiters.size > 0 && !poll) {
      poll = setTimeout(() => {
        poll = undefined;
        void check();
      }, intervalMs);
    }
  };
  const unsubscribe = options.onMoved?.((position) => {
    // A notice is a hint: the document is the truth, read once for every waiter.
    if (waiters.size > 0 && comparePositions(position, known) > 0) void check();
  });

  return {
    position: async () => {
      const position = (await loadCheckpoint(docs)) ?? "0";
      settle(position);
      return position;
    },
    async waitFor(position, timeoutMs) {
      if (comparePositions(known, position) >= 0) return true;
      const ok = new Promise<boolean>((resolve) => {
        const waiter = {
          position,
          resolve,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            resolve(false);
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
      await check();
      return ok;
    },
    close() {
      unsubscribe?.();
      clearTimeout(poll);
      for (const w of waiters) {
        clearTimeout(w.timer);
        w.resolve(false);
      }
      waiters.clear();
    },
  };
};
