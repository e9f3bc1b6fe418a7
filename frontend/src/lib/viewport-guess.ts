import { createContext, useContext } from "react";

/**
 * Whether the page was rendered on the server for a phone-sized screen (a guess from the request:
 * src/server/render-first-screen.tsx). A component that picks its layout with `useMediaQuery` passes
 * it as `defaultMatches`: the server renders with it, and the browser's hydration renders with it
 * too (React then re-renders with the real match if the guess was wrong). Outside a hydration
 * `useMediaQuery` reads the real match on the first render, whatever this says.
 */
export const AssumedNarrow = createContext(false);

export const useAssumedNarrow = (): boolean => useContext(AssumedNarrow);
