/**
 * Waits until `check` answers true, asking every `everyMs`; throws naming `what` once `timeoutMs`
 * has passed (a check that throws ends the wait with its error). For tests that wait on a shop
 * in another process or a Redis coming back.
 */
export const until = async (
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
  everyMs = 100,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
};
