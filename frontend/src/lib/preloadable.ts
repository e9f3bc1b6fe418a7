import { useEffect, useState } from "react";

/**
 * A module kept out of the first page's script but asked for once the page has loaded, so that a
 * component can draw it at once when it is needed later (even after a deploy has removed the old
 * chunks), and still draw something when it could not be loaded.
 */
export interface Preloadable<M> {
  /** Starts loading (once; again after a failure) and resolves with the module. */
  load: () => Promise<M>;
  /** The module, once it has loaded. */
  readonly loaded: M | undefined;
}

export const preloadable = <M>(importer: () => Promise<M>): Preloadable<M> => {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    load: () => {
      pending ??= importer().then(
        (m) => {
          module = m;
          return m;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    get loaded() {
      return module;
    },
  };
};

export type PreloadState<M> =
  | { state: "loaded"; module: M }
  | { state: "loading"; module?: undefined }
  | { state: "failed"; module?: undefined };

/** The module if it has loaded (at once when it already had), else loads it and renders again. */
export const usePreloaded = <M>(preload: Preloadable<M>): PreloadState<M> => {
  const [state, setState] = useState<PreloadState<M>>(() =>
    preload.loaded ? { state: "loaded", module: preload.loaded } : { state: "loading" },
  );
  useEffect(() => {
    if (state.state !== "loading") return;
    let live = true;
    preload.load().then(
      (module) => live && setState({ state: "loaded", module }),
      () => live && setState({ state: "failed" }),
    );
    return () => {
      live = false;
    };
  }, [preload, state.state]);
  return state;
};
