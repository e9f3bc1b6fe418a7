import Box from "@mui/material/Box";
import { useEffect } from "react";
import { preloadable, usePreloaded } from "../../lib/preloadable.ts";
import { type Toast, useToasts } from "./toast.ts";

// MUI's Alert (~1.4 kB brotli with its icons) is not part of the first page's script: main.tsx asks
// for it once the page has loaded, before any toast can be shown in practice.
const alert = preloadable(() => import("@mui/material/Alert"));

/** Loads the toasts' Alert ahead of need (main.tsx, once the page has loaded). */
export const preloadToasts = (): Promise<unknown> => alert.load();

const ToastItem = ({ toast }: { toast: Toast }) => {
  const dismiss = useToasts((s) => s.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), toast.autoHideMs);
    return () => clearTimeout(timer);
  }, [dismiss, toast.id, toast.autoHideMs]);
  const loaded = usePreloaded(alert);
  // Still loading (a toast in the first moments): it shows when it has. If it cannot load: the text.
  if (loaded.state === "loading") return null;
  if (loaded.state === "failed")
    return <div role={toast.severity === "error" ? "alert" : "status"}>{toast.message}</div>;
  const Alert = loaded.module.default;
  return (
    <Alert
      variant="filled"
      severity={toast.severity}
      onClose={() => dismiss(toast.id)}
      role={toast.severity === "error" ? "alert" : "status"}
      sx={{ boxShadow: 3, minWidth: 260 }}
    >
      {toast.message}
    </Alert>
  );
};

/** Stacked toasts at the top of the screen, each closing on its own timer. */
export const Toaster = () => {
  const toasts = useToasts((s) => s.toasts);
  return (
    // A flex column with a gap, as Stack spacing={1} lays it out: Stack's own code is ~0.7 kB of the
    // first page's script, and this is the only Stack there.
    <Box
      aria-live="polite"
      data-testid="toaster"
      sx={{
        display: "flex",
        flexDirection: "column",
        gap: 1,
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
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </Box>
  );
};
