import type { CircularProgressProps } from "@mui/material/CircularProgress";
import { lazy, Suspense } from "react";

const CircularProgress = lazy(() => import("@mui/material/CircularProgress"));

/**
 * MUI's CircularProgress, loaded when first drawn. The client build gives it to MUI's Button in place
 * of the real one (vite.config.ts, `buttonSpinnerOnDemand`): Button imports it for its `loading`
 * spinner alone, which no button of this app's first screen shows, and it was ~1 kB brotli of the
 * first page's script. A button that does show it shows it once its chunk has arrived.
 */
export default function LazyCircularProgress(props: CircularProgressProps) {
  return (
    <Suspense fallback={null}>
      <CircularProgress {...props} />
    </Suspense>
  );
}
