import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import { lazy, Suspense } from "react";
import { AfterFirstPaint } from "../../components/ui/AfterFirstPaint.tsx";
import { containedSuccess, startIcon } from "../../components/ui/button-styles.ts";
import { ChatIcon } from "../../components/ui/icons.tsx";
import { chatLink } from "../../config/shop.ts";
import { PromotionBanner } from "../../features/promotions/components/PromotionBanner.tsx";
import { SchoolsCarousel } from "../../features/schools/components/SchoolsCarousel.tsx";
import { Section } from "./HomeSection.tsx";

// Below the first screen on every screen size (the category cards, Trending Books, the blurbs): its
// code is asked for, and it renders, once the first screen has painted.
const HomeBelowTheFold = lazy(() => import("./HomeBelowTheFold.tsx"));

// Spec "Home": the category entries have no target.
const CATEGORIES = ["JEE Exam", "NEET Exam", "SSC Railways", "Competitive Exam", "All Stationary"];

export default function HomeRoute() {
  return (
    <>
      {/* The chips scroll sideways on a phone; the chat button beside them stays on screen. */}
      <Box
        component="nav"
        aria-label="Categories"
        sx={{ display: "flex", gap: 1, mb: 2, alignItems: "center" }}
      >
        <Box sx={{ display: "flex", gap: 1, overflowX: "auto", pb: 1, flex: "1 1 0", minWidth: 0 }}>
          {CATEGORIES.map((c) => (
            <Box
              key={c}
              component="span"
              sx={{
                px: 2,
                py: 0.75,
                borderRadius: 4,
                bgcolor: "common.white",
                border: 1,
                borderColor: "divider",
                whiteSpace: "nowrap",
                fontSize: 14,
              }}
            >
              {c}
            </Box>
          ))}
        </Box>
        {/* MUI's `<Button variant="contained" color="success" startIcon>`, drawn by ButtonBase with its
            rules (components/ui/button-styles.ts): Button's code is not in the first load. */}
        <ButtonBase
          focusRipple
          component="a"
          href={chatLink()}
          target="_blank"
          rel="noopener noreferrer"
          sx={[...containedSuccess, { whiteSpace: "nowrap", flexShrink: 0, mb: 1 }]}
        >
          <Box component="span" sx={startIcon}>
            <ChatIcon />
          </Box>
          Chat with us
        </ButtonBase>
      </Box>

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
