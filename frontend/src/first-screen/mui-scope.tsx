import { ThemeProvider } from "@mui/material/styles";
import type { ReactNode } from "react";
import { theme } from "../app/theme.ts";

/**
 * The app's MUI theme around a part drawn with MUI (./with-mui.tsx loads it with that part). The
 * first screen's own parts are plain elements (./classes.ts): this, MUI and emotion are not in the
 * first page's script. CssBaseline's global rules are in the first screen's stylesheet, which every
 * page links (./stylesheet.tsx).
 */
export const MuiScope = ({ children }: { children: ReactNode }) => (
  <ThemeProvider theme={theme}>{children}</ThemeProvider>
);
