import type { Promotion, School } from "@shop/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { promotionsQueryOptions } from "../features/promotions/api/get-promotions.ts";
import { schoolsQueryOptions } from "../features/schools/api/get-schools.ts";

/**
 * The home page's first screen as the server rendered it (src/server/render-first-screen.tsx):
 * the two answers it was rendered from, as GET /api/promotions and GET /api/schools gave them for
 * this request, and its guess of the screen's width. The page carries it in a JSON script element (not run:
 * the CSP allows no inline script) so the browser's first render is the same as the server's.
 */
export interface FirstScreen {
  promotions: { items: Promotion[] };
  schools: { items: School[] };
  /** Rendered for a screen of 992 px or less (a guess from the request). */
  narrow: boolean;
}

export const FIRST_SCREEN_ID = "first-screen";

/** The first screen's data in `doc`, or null when the page was not rendered on the server. */
export const readFirstScreen = (doc: Document): FirstScreen | null => {
  const text = doc.getElementById(FIRST_SCREEN_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FirstScreen;
  } catch {
    return null;
  }
};

/**
 * The query cache holds what the server rendered from, so the first render shows the same. The
 * server read both answers for this very request: they are as fresh as a fetch made now.
 */
export const fillFirstScreen = (client: QueryClient, screen: FirstScreen): void => {
  client.setQueryData(promotionsQueryOptions().queryKey, screen.promotions);
  client.setQueryData(schoolsQueryOptions().queryKey, screen.schools);
};
