/**
 * An in-process "something was appended" signal. `version` lets a reader that was busy between
 * its last read and its wait notice a wake-up it missed, instead of sleeping a full poll period.
 */
export interface WakeSignal {
  readonly version: number;
  fire(): void;
  /** Resolves on the next fire after `sinceVersion`, after `timeoutMs`, or when `signal` aborts. */
  wait(sinceVersion: number, timeoutMs: number, signal?: AbortSignal): Promise<void>;
}

export function createWakeSignal(): WakeSignal {
  let version = 0;
  const waiters = new Set<() => void>();
  return {
    get version() {
      return version;
    },
    fire() {
      version += 1;
      for (const done of [...waiters]) done();
    },
    wait(sinceVersion, timeoutMs, signal) {
      if (version !== sinceVersion || signal?.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          signal?.removeEventListener("abort", done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        waiters.add(done);
        signal?.addEventListener("abort", done, { once: true });
      });
    },
  };
}
