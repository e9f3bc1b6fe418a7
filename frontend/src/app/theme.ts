import { createTheme } from "@mui/material/styles";

// A plain theme: no `cssVariables`, no `colorSchemes` (vite.config.ts leaves MUI's CSS-variables
// theme code out of the build, and fails the build if this asks for it).
export const theme = createTheme({
  palette: {
    primary: { main: "#1565c0" },
    secondary: { main: "#ef6c00" },
    background: { default: "#f7f8fa" },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
