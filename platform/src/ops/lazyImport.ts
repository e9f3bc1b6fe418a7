/**
 * A package imported at its first use instead of at start (the start loads fewer modules: RESULTS.md,
 * thirteenth session): one load shared by every caller, even those asking while it loads. A failed
 * load (a file-descriptor shortage under a burst, say) is not kept: the next caller loads again,
 * so one bad moment does not break sign-in or uploads until a restart.
 */
export const lazyImport = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
};
