const TICK = Symbol("tick");

/** Resolves on the next turn of the event loop: anything that needs real I/O loses this race. */
const nextTurn = (): { promise: Promise<typeof TICK>; cancel(): void } => {
  let handle: ReturnType<typeof setImmediate> | undefined;
  const promise = new Promise<typeof TICK>((resolve) => {
    handle = setImmediate(() => resolve(TICK));
  });
  return { promise, cancel: () => clearImmediate(handle) };
};

/**
 * Groups what `source` can hand over without waiting into batches of at most `max`. The first
 * item of a batch is awaited as long as it takes; each further one is taken only if it beats a
 * zero-delay timer (it was already read ahead, or reading it needed no I/O wait). A lost race
 * keeps its pending `next()` for the following batch, so no item is dropped or reordered.
 * Consumed with `for await`, a batch is fully handled before the next is asked for; after a full
 * batch the event loop gets a turn before the next.
 */
export async function* availableBatches<T>(source: AsyncIterable<T>, max: number): AsyncGenerator<T[]> {
  const it = source[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<T>> | undefined;
  let finished = false;
  try {
    for (;;) {
      const first = await (pending ?? it.next());
      pending = undefined;
      if (first.done) {
        finished = true;
        return;
      }
      const batch = [first.value];
      while (batch.length < max) {
        pending = it.next();
        const turn = nextTurn();
        const next = await Promise.race([pending, turn.promise]);
        if (next === TICK) break;
        turn.cancel();
        pending = undefined;
        if (next.done) {
          finished = true;
          break;
        }
        batch.push(next.value);
      }
      yield batch;
      if (finished) return;
      // A full batch: a backlog (a catch-up at boot). One turn of the event loop before the next,
      // else a log read without I/O waits starves timers, sockets and setImmediate work (HTTP,
      // the read-model snapshot's chunks) until the whole backlog is projected.
      if (batch.length === max) await nextTurn().promise;
    }
  } finally {
    if (!finished) {
      if (pending) {
        // An async generator queues `return()` behind the outstanding `next()`, which may wait
        // for the next append; close it in the background rather than hang the consumer.
        pending.catch(() => {});
        Promise.resolve(it.return?.()).catch(() => {});
      } else {
        await it.return?.();
      }
    }
  }
}
