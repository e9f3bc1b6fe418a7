import { comparePositions } from "@shop/contracts";
import type { ProjectionProgress } from "@shop/platform";

export interface Progress extends ProjectionProgress {
  /** The last applied position, synchronously. */
  current(): string;
  /** The read models now reflect `to`: read-your-writes waiters up to it are answered. */
  advance(to: string): void;
  /** Answers every waiter false (the projector stops). */
  release(): void;
}

/** Where the projector is, and the `X-Min-Position` reads waiting for it to get somewhere. */
export const createProgress = (): Progress => {
  let position = "0";
  const waiters = new Set<{ position: string; resolve: (ok: boolean) => void }>();
  return {
    current: () => position,
    position: async () => position,
    advance(to) {
      position = to;
      for (const w of waiters) {
        if (comparePositions(to, w.position) >= 0) {
          waiters.delete(w);
          w.resolve(true);
        }
      }
    },
    waitFor(target, timeoutMs) {
      if (comparePositions(position, target) >= 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const waiter = {
          position: target,
          resolve: (ok: boolean) => {
            clearTimeout(timer);
            resolve(ok);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          resolve(false);
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    release() {
      for (const w of waiters) w.resolve(false);
      waiters.clear();
    },
  };
};
