import Box from "@mui/material/Box";
import type { ReactNode } from "react";

/** A titled section of the home page. */
export const Section = ({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) => (
  <Box component="section" aria-label={title} sx={{ mt: 5 }}>
    <Box sx={{ display: "flex", alignItems: "baseline", justifyContent: "space-between", mb: 2, gap: 2 }}>
      <Box component="h2" sx={{ m: 0, typography: "h5", fontWeight: 700 }}>
        {title}
      </Box>
      {action}
    </Box>
    {children}
  </Box>
);
