import { type MouseEvent, type RefObject, Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { fs } from "../../first-screen/classes.ts";
import { lazyWithMui } from "../../first-screen/with-mui.tsx";
import { NavBar } from "../layout/NavBar.tsx";

// Below the fold on every page: not part of the first load, asked for once the page has loaded.
const Footer = lazyWithMui(() => import("../layout/Footer.tsx"), { afterLoad: true });

// Plain elements with the rules MUI generates for the Boxes they were (first-screen/stylesheet.tsx):
// neither MUI nor emotion is in the first page's script.
const PageLoading = () => (
  <div role="progressbar" aria-label="Loading page" className={fs.pageLoading}>
    <div className={fs.pageLoadingBar} />
  </div>
);

/** How long a new page's main heading is waited for (its chunk and data) before focus stays on <main>. */
export const HEADING_WAIT_MS = 10_000;

const focusOn = (element: HTMLElement) => {
  if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus({ preventScroll: true });
};

/**
 * After a client-side navigation (not the first load) the focus goes to the new page, so a screen
 * reader announces it: to <main> at once, then to the page's main heading (h1) once it is drawn
 * (the page's chunk and data may come later), unless the user has pressed a key or pointed since,
 * or is typing in a field outside the page.
 * Before, the focus stayed on <body> (or on a link the page had removed).
 */
const useFocusOnNavigation = (main: RefObject<HTMLElement | null>) => {
  const { pathname } = useLocation();
  const firstLoad = useRef(true);
  // The last key pressed, or "pointer": what the user did last.
  const lastInput = useRef("");
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      lastInput.current = e.key;
    };
    const onPointer = () => {
      lastInput.current = "pointer";
    };
    document.addEventListener("keydown", onKey, true);
    document.addEventListener("pointerdown", onPointer, true);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      document.removeEventListener("pointerdown", onPointer, true);
    };
  }, []);
  useEffect(() => {
    // (`pathname`: a new page; a change of the query string alone, a filter, keeps the focus.)
    void pathname;
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    const box = main.current;
    if (!box) return;
    // Someone typing in a field outside the page (the bar's search box) keeps it; Enter there (a
    // search sent) lets the results page take the focus.
    const active = document.activeElement;
    if (
      active instanceof HTMLElement &&
      !box.contains(active) &&
      active.matches("input, textarea, select, [contenteditable]") &&
      lastInput.current !== "Enter"
    )
      return;
    const heading = () => box.querySelector<HTMLElement>("h1");
    const found = heading();
    if (found) {
      focusOn(found);
      return;
    }
    focusOn(box);
    const observer = new MutationObserver(() => {
      const h1 = heading();
      if (!h1) return;
      const active = document.activeElement;
      if (active === box || active === document.body || active === null) focusOn(h1);
      stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener("keydown", stop, true);
      document.removeEventListener("pointerdown", stop, true);
    }
    observer.observe(box, { childList: true, subtree: true });
    document.addEventListener("keydown", stop, true);
    document.addEventListener("pointerdown", stop, true);
    return stop;
  }, [pathname, main]);
};

export const AppLayout = () => {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  // The link's own target (#main) without a new history entry: the focus moves to <main>.
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!main.current) return;
    e.preventDefault();
    focusOn(main.current);
  };
  return (
    <div className={fs.layout}>
      {/* The first tab stop, drawn only while it has the focus (absolute: nothing moves). */}
      {/* biome-ignore lint/a11y/useValidAnchor: a real in-page link (#main, and so without script); the click only spares a history entry */}
      <a href="#main" onClick={skip} className={fs.skipLink}>
        Skip to main content
      </a>
      <NavBar />
      {/* MUI's Container (maxWidth lg). */}
      <main id="main" tabIndex={-1} ref={main} className={fs.main}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
};
