import { Suspense } from "react";
import { Outlet } from "react-router-dom";
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

export const AppLayout = () => (
  <div className={fs.layout}>
    <NavBar />
    {/* MUI's Container (maxWidth lg). */}
    <main className={fs.main}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </main>
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  </div>
);
