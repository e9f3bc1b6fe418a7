import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { useToasts } from "../components/ui/toast.ts";
import { setSocketFactory } from "../lib/socket.ts";
import { useReadPosition } from "../stores/read-position.ts";
import { useSession } from "../stores/session.ts";
import { FakeSocket } from "./fake-socket.ts";

beforeEach(() => {
  // No test opens a real connection; tests that drive the socket install their own fake.
  setSocketFactory(() => new FakeSocket());
  // Screens render as after the app's session check; RequireAuth.spec covers the wait before it.
  useSession.setState({ checked: true });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  useSession.setState({ user: null });
  useToasts.setState({ toasts: [] });
  useReadPosition.setState({ minPosition: null });
});
