import { Suspense } from "react";
import { AfterFirstPaint } from "../../components/ui/AfterFirstPaint.tsx";
import { ChatIcon } from "../../components/ui/icons.tsx";
import { chatLink, SHOP } from "../../config/shop.ts";
import { PromotionBanner } from "../../features/promotions/components/PromotionBanner.tsx";
import { SchoolsCarousel } from "../../features/schools/components/SchoolsCarousel.tsx";
import { fs } from "../../first-screen/classes.ts";
import { PlainButtonBase } from "../../first-screen/PlainButtonBase.tsx";
import { lazyWithMui } from "../../first-screen/with-mui.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { Section } from "./HomeSection.tsx";

// Below the first screen on every screen size (the category cards, Trending Books, the blurbs): it
// renders once the first screen has painted and its code (with the MUI scope) has come, which is
// asked for once the page has loaded (the first screen's images first).
const HomeBelowTheFold = lazyWithMui(() => import("./HomeBelowTheFold.tsx"), { afterLoad: true });

// Spec "Home": the category entries have no target.
const CATEGORIES = ["JEE Exam", "NEET Exam", "SSC Railways", "Competitive Exam", "All Stationary"];

// Plain elements with the rules MUI generates for what they were (first-screen/stylesheet.tsx).
export default function HomeRoute() {
  usePageTitle();
  return (
    <>
      {/* The page's main heading (axe page-has-heading-one): the shop's name, for screen readers only. */}
      <h1 className={fs.visuallyHidden}>{SHOP.name}</h1>
      {/* The chips scroll sideways on a phone, above the chat button; beside it from 600 px. */}
      <nav aria-label="Categories" className={fs.categories}>
        <div className={fs.categoryChips}>
          {CATEGORIES.map((c) => (
            <span key={c} className={fs.categoryChip}>
              {c}
            </span>
          ))}
        </div>
        {/* MUI's `<Button variant="contained" color="success" startIcon>`. */}
        <PlainButtonBase
          focusRipple
          component="a"
          href={chatLink()}
          target="_blank"
          rel="noopener noreferrer"
          className={fs.chat}
        >
          <span className={fs.startIcon}>
            <ChatIcon />
          </span>
          Chat with us
        </PlainButtonBase>
      </nav>

      <PromotionBanner />

      <Section title="Schools">
        <SchoolsCarousel />
      </Section>

      {/* Below the fold on every screen size: after the first screen has painted. */}
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <HomeBelowTheFold />
        </Suspense>
      </AfterFirstPaint>
    </>
  );
}
