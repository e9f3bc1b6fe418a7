import { createContext, useContext, useMemo, useSyncExternalStore } from "react";

/**
 * Whether the page was rendered on the server for a phone-sized screen (a guess from the request:
 * src/server/render-first-screen.tsx). A component that picks its layout with `useMatchMedia` passes
 * it as `defaultMatches`: the server renders with it, and the browser's hydration renders with it
 * too (React then re-renders with the real match if the guess was wrong). Outside a hydration
 * `useMatchMedia` reads the real match on the first render, whatever this says.
 */
export const AssumedNarrow = createContext(false);

export const useAssumedNarrow = (): boolean => useContext(AssumedNarrow);

const subscribeTo = (query: string) => (notify: () => void) => {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return () => {};
  const list = window.matchMedia(query);
  list.addEventListener("change", notify);
  return () => list.removeEventListener("change", notify);
};

/**
 * Whether `query` matches, as MUI's `useMediaQuery(query, { defaultMatches })` tells it (the same
 * `useSyncExternalStore` with `defaultMatches` as the server's and the hydration's answer) without
 * its theme lookups: ~0.5 kB brotli less in the first page's script, where SchoolsCarousel uses it.
 */
export const useMatchMedia = (query: string, defaultMatches: boolean): boolean => {
  const subscribe = useMemo(() => subscribeTo(query), [query]);
  return useSyncExternalStore(
    subscribe,
    () =>
      typeof window !== "undefined" && typeof window.matchMedia === "function"
        ? window.matchMedia(query).matches
        : defaultMatches,
    () => defaultMatches,
  );
};
