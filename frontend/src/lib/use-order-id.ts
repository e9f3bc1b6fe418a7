import { useCallback, useRef } from "react";

/**
 * The client-chosen id of an order being confirmed: a retry of the same content reuses it, so
 * the server answers the first result instead of placing a second order; new content gets a new id.
 */
export const useOrderIdFor = (): ((content: string) => string) => {
  const last = useRef<{ content: string; orderId: string } | null>(null);
  return useCallback((content: string) => {
    const orderId = last.current?.content === content ? last.current.orderId : crypto.randomUUID();
    last.current = { content, orderId };
    return orderId;
  }, []);
};
