import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
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
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {action}
    </Box>
    {children}
  </Box>
);
