import Box from "@mui/material/Box";
import { lazy, Suspense } from "react";
import { Outlet } from "react-router-dom";
import { NavBar } from "../layout/NavBar.tsx";

// Below the fold on every page: not part of the first load.
const Footer = lazy(() => import("../layout/Footer.tsx"));

const PageLoading = () => (
  <Box
    role="progressbar"
    aria-label="Loading page"
    sx={{ height: 4, overflow: "hidden", bgcolor: "primary.light" }}
  >
    <Box
      sx={{
        height: "100%",
        width: "40%",
        bgcolor: "primary.main",
        "@keyframes page-loading": {
          from: { transform: "translateX(-100%)" },
          to: { transform: "translateX(250%)" },
        },
        animation: "page-loading 1.2s ease-in-out infinite",
      }}
    />
  </Box>
);

export const AppLayout = () => (
  <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
    <NavBar />
    {/* MUI's Container (maxWidth lg) as a Box with its styles: its code is not in the first load. */}
    <Box
      component="main"
      sx={{
        width: "100%",
        mx: "auto",
        boxSizing: "border-box",
        px: { xs: 2, sm: 3 },
        maxWidth: { lg: 1200 },
        flexGrow: 1,
        py: 3,
      }}
    >
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </Box>
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  </Box>
);
