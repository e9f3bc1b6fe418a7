import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { useToasts } from "../components/ui/toast.ts";
import { setSocketFactory } from "../lib/socket.ts";
import { useReadPosition } from "../stores/read-position.ts";
import { useSession } from "../stores/session.ts";
import { FakeSocket } from "./fake-socket.ts";

// findBy*/waitFor give a screen up to 5 s to appear (Testing Library's default is 1 s): the suite
// runs four workers on two cores, and a busy CI machine alone made renders miss the 1 s.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  // No test opens a real connection; tests that drive the socket install their own fake.
  setSocketFactory(() => new FakeSocket());
  // Screens render as after the app's session check; RequireAuth.spec covers the wait before it.
  useSession.setState({ checked: true });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  // (Absent in the few specs that run in Node: first-screen/stylesheet.spec.tsx.)
  if (typeof document !== "undefined") {
    localStorage.clear();
    sessionStorage.clear();
  }
  useSession.setState({ user: null, ended: false });
  useToasts.setState({ toasts: [] });
  useReadPosition.setState({ minPosition: null });
});
