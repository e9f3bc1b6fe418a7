import { type ReactNode, useEffect, useState } from "react";

/**
 * `children` once the browser has painted what was rendered with it: the rest of a page below the
 * fold, so its render and commit do not hold up the first screen's paint (on a 4× slower phone CPU,
 * every component rendered before the first frame delays it). Nothing stands in for it: it is
 * below what the screen shows, so nothing visible moves when it appears.
 */
export const AfterFirstPaint = ({ children }: { children: ReactNode }) => {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    // A frame callback runs just before that frame's paint; a task it queues runs after it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted ? children : null;
};
