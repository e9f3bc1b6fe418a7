import Box from "@mui/material/Box";
import { useEffect } from "react";
import { preloadable, usePreloaded } from "../../lib/preloadable.ts";
import { type Toast, useToasts } from "./toast.ts";

// MUI's Alert (~1.4 kB brotli with its icons) is not part of the first page's script: main.tsx asks
// for it once the page has loaded, before any toast can be shown in practice.
const alert = preloadable(() => import("@mui/material/Alert"));

/** Loads the toasts' Alert ahead of need (main.tsx, once the page has loaded). */
export const preloadToasts = (): Promise<unknown> => alert.load();

/**
 * A toast has no live role of its own: it is drawn inside one of the Toaster's two regions, which
 * are on the page before any toast (a region added with its text is not read by every screen
 * reader). An error inside a polite region was read twice by some (once as an alert, once as the
 * region's addition).
 */
const ToastItem = ({ toast }: { toast: Toast }) => {
  const dismiss = useToasts((s) => s.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), toast.autoHideMs);
    return () => clearTimeout(timer);
  }, [dismiss, toast.id, toast.autoHideMs]);
  const loaded = usePreloaded(alert);
  // Still loading (a toast in the first moments): it shows when it has. If it cannot load: the text.
  if (loaded.state === "loading") return null;
  if (loaded.state === "failed") return <div>{toast.message}</div>;
  const Alert = loaded.module.default;
  return (
    <Alert
      variant="filled"
      severity={toast.severity}
      onClose={() => dismiss(toast.id)}
      role="none"
      sx={{
        boxShadow: 3,
        minWidth: 260,
        // Forced colours (Windows' high contrast) drop the fill: a border keeps it apart from the page.
        "@media (forced-colors: active)": { border: "1px solid CanvasText" },
      }}
    >
      {toast.message}
    </Alert>
  );
};

const REGION = {
  display: "flex",
  flexDirection: "column",
  gap: 1,
  // Errors above the rest, with a gap only when both regions hold toasts.
  "&:not(:empty) + &:not(:empty)": { mt: 1 },
} as const;

/** Stacked toasts at the top of the screen, each closing on its own timer. */
export const Toaster = () => {
  const toasts = useToasts((s) => s.toasts);
  return (
    <Box
      data-testid="toaster"
      sx={{
        position: "fixed",
        // On a phone the header (with its search box) is 108 px high: toasts rise from the bottom
        // there, as Material's snackbars do, instead of covering it.
        top: { xs: "auto", sm: 72 },
        bottom: { xs: 16, sm: "auto" },
        left: "50%",
        transform: "translateX(-50%)",
        zIndex: (theme) => theme.zIndex.snackbar,
        pointerEvents: toasts.length ? "auto" : "none",
      }}
    >
      <Box role="alert" data-testid="toasts-errors" sx={REGION}>
        {toasts
          .filter((t) => t.severity === "error")
          .map((t) => (
            <ToastItem key={t.id} toast={t} />
          ))}
      </Box>
      <Box role="status" data-testid="toasts-others" sx={REGION}>
        {toasts
          .filter((t) => t.severity !== "error")
          .map((t) => (
            <ToastItem key={t.id} toast={t} />
          ))}
      </Box>
    </Box>
  );
};
