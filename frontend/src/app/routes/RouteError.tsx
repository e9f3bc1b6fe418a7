import Alert from "@mui/material/Alert";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Link as RouterLink, useLocation } from "react-router-dom";

export const ROUTE_ERROR_MESSAGE = "Something went wrong. Reloading the page may help.";

export const RouteError = () => (
  <Container sx={{ my: 4 }}>
    <Alert severity="error" sx={{ mb: 2 }}>
      {ROUTE_ERROR_MESSAGE}
    </Alert>
    <Link component={RouterLink} to="/">
      Back to Home
    </Link>
  </Container>
);

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
