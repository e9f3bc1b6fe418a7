import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { type Actor, CURRENT_SCHEMA_VERSION, conflict, type DomainEvent, Texts } from "@shop/contracts";
import {
  type AppendResult,
  type EventStore,
  eventIdOf,
  type NewEvent,
  StoreUnavailableError,
  WrongExpectedVersionError,
} from "@shop/platform";
import type { Decider } from "./decider.ts";
import { foldAppended, forgetFolded, keptFold, readFolded } from "./streamFolds.ts";

/** Who asked, and why: copied into every event's metadata (the audit trail). */
export interface CommandContext {
  actor: Actor;
  correlationId: string;
  /** The id of the command or event that caused this one; the correlation id when absent. */
  causationId?: string;
  idempotencyKey?: string;
  /** What the key stands for (route, body, anonymous client): part of the key event ids derive from. */
  requestScope?: string;
}

export interface Handled<E, S> {
  state: S;
  /** Events appended by this call (empty when the decision was a no-op, e.g. a retried command). */
  appended: (E & { id: string })[];
  /** Position of the stream's last event after the call; null for a stream still empty. */
  position: string | null;
}

export interface HandleOptions<E, S> {
  /** Side effects that must happen before the events become visible (e.g. storing an OTP hash). */
  beforeAppend?: (events: E[], state: S) => Promise<void>;
  retries?: number;
}

/** Retries of an append whose outcome is unknown (the store did not answer), and their pauses. */
const UNKNOWN_OUTCOME_RETRIES_MS = [100, 300];

/**
 * The key event ids derive from: the caller's Idempotency-Key (per actor and request scope), else
 * one drawn per call.
 */
const commandKeyOf = (ctx: CommandContext): string => {
  if (!ctx.idempotencyKey) return `command:${randomUUID()}`;
  const who = ctx.actor.kind === "user" ? ctx.actor.userId : `system:${ctx.actor.name}`;
  return `idempotency:${who}:${ctx.requestScope ?? ""}:${ctx.idempotencyKey}`;
};

/**
 * The same append again while the store does not answer: the ids and the expected revision are
 * the same, so an append that did land is not written twice (the store answers it idempotently).
 */
const appendRetryingUnknown = async (
  store: EventStore,
  stream: string,
  events: NewEvent[],
  expectedRevision: number | "no_stream",
): Promise<AppendResult> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await store.appendToStream(stream, events, { expectedRevision });
    } catch (err) {
      const pause = UNKNOWN_OUTCOME_RETRIES_MS[attempt];
      // A store that said nothing was written (a lock held elsewhere past its wait, a full disk)
      // is answered at once: the same append would wait for the same fault again.
      if (!(err instanceof StoreUnavailableError) || err.nothingWritten || pause === undefined) throw err;
      await sleep(pause);
    }
  }
};

/**
 * Fold → decide → append with the expected revision. The first decision takes the fold this
 * process kept of the stream without reading it; a refusal, a no-op or a failed append is decided
 * again on the stream read (only the events after the kept fold: `readFolded`). A concurrent
 * writer then makes the append fail; the command is decided again on the fresh state, a few times
 * with backoff, then 409.
 * Event ids derive from the command (`eventIdOf`): an append whose answer was lost is retried as
 * the identical append, and a client's retry with the same Idempotency-Key whose first event is
 * already in the stream is answered as a no-op, so neither appends twice.
 */
export const handleCommand = async <C, E extends DomainEvent, S>(
  store: EventStore,
  stream: string,
  decider: Decider<C, E, S>,
  command: C,
  ctx: CommandContext,
  opts: HandleOptions<E, S> = {},
): Promise<Handled<E, S>> => {
  const retries = opts.retries ?? 5;
  const commandKey = commandKeyOf(ctx);
  const firstId = eventIdOf(stream, commandKey, 0);
  // The first decision is made on the fold kept from this process's last command on the stream (an
  // empty one for a stream not kept) without reading it: the append's expected revision is what
  // checks that fold was the whole stream. A refusal or a no-op is only ever answered from a fold
  // just read, and a side effect before the append only ever follows one. A client's retry (an
  // Idempotency-Key) reads first: its events may be in the stream already, and the store answers
  // such an append as if it were new.
  let read = opts.beforeAppend !== undefined || ctx.idempotencyKey !== undefined;
  for (let attempt = 0; ; ) {
    const folded = read ? await readFolded(store, stream, decider) : keptFold(store, stream, decider);
    const confirmed = read;
    read = true;
    let state = folded.state;
    const last = folded.last;
    // The kept fold is a prefix of the stream: an event in it is in the stream.
    if (ctx.idempotencyKey && folded.ids.has(firstId))
      return { state, appended: [], position: last?.position ?? null };
    let decided: E[];
    try {
      decided = decider.decide(command, state);
    } catch (err) {
      if (confirmed) throw err;
      continue;
    }
    if (decided.length === 0) {
      if (confirmed) return { state, appended: [], position: last?.position ?? null };
      continue;
    }
    const withIds = decided.map((e, i) => ({
      ...e,
      id: i === 0 ? firstId : eventIdOf(stream, commandKey, i),
    }));
    const newEvents: NewEvent[] = withIds.map((e, i) => ({
      id: e.id,
      type: e.type,
      data: e.data,
      metadata: {
        schemaVersion: CURRENT_SCHEMA_VERSION(e.type),
        correlationId: ctx.correlationId,
        causationId:
          i === 0 ? (ctx.causationId ?? ctx.correlationId) : (withIds[i - 1]?.id ?? ctx.correlationId),
        actor: ctx.actor,
        ...(ctx.idempotencyKey && { idempotencyKey: ctx.idempotencyKey }),
      },
    }));
    try {
      await opts.beforeAppend?.(decided, state);
      const result = await appendRetryingUnknown(
        store,
        stream,
        newEvents,
        last ? last.revision : "no_stream",
      );
      for (const e of decided) state = decider.evolve(state, e);
      // The append confirmed the fold was the whole stream: the next command reads after it.
      foldAppended(
        store,
        stream,
        decider,
        folded,
        state,
        withIds.map((e) => e.id),
        result,
      );
      return { state, appended: withIds, position: result.position };
    } catch (err) {
      if (!(err instanceof WrongExpectedVersionError)) {
        // An answer other than "the stream moved on": the next command folds it from its start.
        forgetFolded(store, stream, decider);
        throw err;
      }
      // The stream moved on (another writer): the fold kept is still a prefix of it, so the next
      // attempt reads on from its end. A decision on an unread fold is made again at once.
      if (!confirmed) continue;
      if (attempt >= retries) throw conflict(Texts.conflict);
      await sleep(5 * 2 ** attempt + Math.random() * 10);
      attempt++;
    }
  }
};
