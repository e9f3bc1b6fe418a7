export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it answers true, or throws after `timeoutMs`. */
export const waitUntil = async (
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 20,
): Promise<void> => {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
};

/**
 * Runs `rounds` rounds over the given subjects, alternating which goes first each round (ABBA…),
 * so a slow spell on the shared machine hits both sides alike.
 */
export const interleave = async <S>(
  subjects: readonly S[],
  rounds: number,
  run: (subject: S, round: number) => Promise<void>,
): Promise<void> => {
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? subjects : [...subjects].reverse();
    for (const s of order) await run(s, r);
  }
};
