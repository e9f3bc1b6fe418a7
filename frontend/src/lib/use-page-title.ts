import { useEffect } from "react";
import { SHOP } from "../config/shop.ts";

/** The tab's title for a page: "Cart · Vidya School Books"; the shop's name alone without one. */
export const pageTitle = (title?: string): string => (title ? `${title} · ${SHOP.name}` : SHOP.name);

/**
 * Names the page in the tab's title (what a screen reader announces first, and the history's
 * entry), each route component with its own: before, every page was "Vidya School Books".
 */
export const usePageTitle = (title?: string): void => {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
};
