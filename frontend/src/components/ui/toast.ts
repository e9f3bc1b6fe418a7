import { create } from "zustand";

export type ToastSeverity = "success" | "error" | "info" | "warning";

export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
  autoHideMs: number;
}

export interface ToastOptions {
  /** Spec §9: 2000 ms for login and signup, 1000 ms in the add-school form. */
  autoHideMs?: number;
}

const DEFAULT_AUTO_HIDE_MS = 3000;

/** Spec §9: login, signup, remove and missing-data toasts close after 2000 ms. */
export const SHORT_TOAST_MS = 2000;

/** A pending toast ('Saving data...') stays until its outcome replaces it. */
export const PENDING_TOAST_MS = 120_000;

interface ToastState {
  toasts: Toast[];
  show: (message: string, severity: ToastSeverity, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useToasts = create<ToastState>()((set) => ({
  toasts: [],
  show: (message, severity, options) => {
    const id = nextId++;
    const autoHideMs = options?.autoHideMs ?? DEFAULT_AUTO_HIDE_MS;
    set((s) => ({ toasts: [...s.toasts, { id, message, severity, autoHideMs }] }));
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

const show = (severity: ToastSeverity) => (message: string, options?: ToastOptions) =>
  useToasts.getState().show(message, severity, options);

export const toast = {
  success: show("success"),
  error: show("error"),
  info: show("info"),
  warning: show("warning"),
  dismiss: (id: number) => useToasts.getState().dismiss(id),
};
