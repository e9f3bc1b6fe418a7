import { Component, type ErrorInfo, type ReactNode } from "react";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { loadMuiScope } from "../../first-screen/with-mui.tsx";
import { preloadable, usePreloaded } from "../../lib/preloadable.ts";
import { ROUTE_ERROR_MESSAGE } from "./route-error-message.ts";

export { ROUTE_ERROR_MESSAGE };

// The screen (MUI's Alert, Container, Link: ~2 kB brotli, with the MUI scope) is not part of the first page's script;
// main.tsx asks for it once the page has loaded, so it is at hand when a screen's chunk fails to
// load after a deploy has removed the old ones.
const screen = preloadable(() => Promise.all([import("./RouteErrorScreen.tsx"), loadMuiScope()]));

/** Loads RouteError's screen ahead of need (main.tsx, once the page has loaded). */
export const preloadRouteError = (): Promise<unknown> => screen.load();

/** Until its screen has loaded, or if it cannot be: the same words and link, unstyled. */
const PlainRouteError = () => (
  <div style={{ margin: "32px 16px" }}>
    <p role="alert">{ROUTE_ERROR_MESSAGE}</p>
    <RouterLink to="/">Back to Home</RouterLink>
  </div>
);

export const RouteError = () => {
  const loaded = usePreloaded(screen);
  if (loaded.state !== "loaded") return <PlainRouteError />;
  const [{ default: Screen }, { MuiScope }] = loaded.module;
  return (
    <MuiScope>
      <Screen />
    </MuiScope>
  );
};

interface BoundaryProps {
  /** The page's address: a navigation elsewhere tries the screens again. */
  location: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  /** The address the children last rendered (or failed) at. */
  at: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, at: this.props.location };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.at === props.location) return null;
    return { failed: false, at: props.location };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("A screen failed to render", error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * A screen that throws while rendering (a lazy chunk that fails to load after a deploy, a bug)
 * shows RouteError in place of the whole layout, as a router `errorElement` would; going to
 * another address tries again.
 */
export const RouteErrorBoundary = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  return <Boundary location={`${location.pathname}${location.search}`}>{children}</Boundary>;
};
