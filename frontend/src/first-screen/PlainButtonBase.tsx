import type { TouchRippleActions } from "@mui/material/ButtonBase/TouchRipple";
import {
  type AnchorHTMLAttributes,
  type ComponentType,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  Suspense,
  type SyntheticEvent,
  type TouchEvent,
  useEffect,
  useRef,
  useState,
} from "react";
import { Link as RouterLink } from "react-router-dom";
import { lazyWithMui } from "./with-mui.tsx";

// MUI's ripple (emotion-styled) is drawn only once the button is used, as ButtonBase itself mounts it
// (useLazyRipple): its code comes with the MUI scope, which main.tsx asks for once the page has loaded.
const TouchRipple = lazyWithMui(
  () =>
    import("@mui/material/ButtonBase/TouchRipple") as Promise<{
      default: ComponentType<{ ref: (r: TouchRippleActions | null) => void; center: boolean }>;
    }>,
);

/** Whether `element` has keyboard focus (MUI's isFocusVisible). */
const isFocusVisible = (element: Element): boolean => {
  try {
    return element.matches(":focus-visible");
  } catch {
    return false;
  }
};

/**
 * The ripple's actions, run once it has mounted (in order) and mounted on the first need, as MUI's
 * LazyRipple does: a press before its code has arrived still shows it, a moment late.
 */
class LazyRipple {
  private instance: TouchRippleActions | null = null;
  private waiting: ((r: TouchRippleActions) => void)[] = [];
  mount: () => void = () => {};
  ref = (r: TouchRippleActions | null) => {
    this.instance = r;
    if (!r) return;
    const waiting = this.waiting;
    this.waiting = [];
    for (const act of waiting) act(r);
  };
  private run(act: (r: TouchRippleActions) => void) {
    if (this.instance) act(this.instance);
    else {
      this.waiting.push(act);
      this.mount();
    }
  }
  start(event?: SyntheticEvent, cb?: () => void) {
    this.run((r) => r.start(event, undefined, cb));
  }
  stop(event?: SyntheticEvent, cb?: () => void) {
    this.run((r) => r.stop(event, cb));
  }
  pulsate() {
    this.run((r) => r.pulsate());
  }
}

type Props = {
  className: string;
  children?: ReactNode;
  /** A ripple on keyboard focus too (ButtonBase's `focusRipple`). */
  focusRipple?: boolean;
  /** The ripple from the centre (ButtonBase's `centerRipple`). */
  centerRipple?: boolean;
  onClick?: (event: MouseEvent) => void;
  "aria-label"?: string;
  "aria-haspopup"?: "dialog";
  "aria-expanded"?: boolean;
} & (
  | { component?: "button"; to?: never; href?: never }
  | { component: "link"; to: string; href?: never }
  | ({ component: "a"; href: string; to?: never } & Pick<
      AnchorHTMLAttributes<HTMLAnchorElement>,
      "target" | "rel"
    >)
);

/**
 * MUI's ButtonBase as the first screen uses it (a native button, an `<a href>` or a router link; not
 * disabled), without MUI in the first page's script: the same element, attributes and classes
 * (`MuiButtonBase-root`, and `Mui-focusVisible` while keyboard-focused), its rules in the first
 * screen's stylesheet under `className` (./stylesheet.tsx, generated from ButtonBase with the same
 * `sx`), and MUI's own TouchRipple driven by the same events as ButtonBase drives it (click, touch,
 * keyboard focus with `focusRipple`, Space).
 */
export const PlainButtonBase = (props: Props) => {
  const { className, children, focusRipple = false, centerRipple = false, ...rest } = props;
  const [rippleMounted, setRippleMounted] = useState(false);
  const ripple = useRef<LazyRipple | null>(null);
  ripple.current ??= new LazyRipple();
  const r = ripple.current;
  r.mount = () => setRippleMounted(true);
  const [focusVisible, setFocusVisible] = useState(false);

  useEffect(() => {
    if (focusVisible && focusRipple) r.pulsate();
  }, [focusRipple, focusVisible, r]);

  const handlers = {
    onMouseDown: (e: MouseEvent) => r.start(e),
    onContextMenu: (e: MouseEvent) => r.stop(e),
    onDragLeave: (e: MouseEvent) => r.stop(e),
    onMouseUp: (e: MouseEvent) => r.stop(e),
    onMouseLeave: (e: MouseEvent) => {
      if (focusVisible) e.preventDefault();
      r.stop(e);
    },
    onTouchStart: (e: TouchEvent) => r.start(e),
    onTouchEnd: (e: TouchEvent) => r.stop(e),
    onTouchMove: (e: TouchEvent) => r.stop(e),
    onBlur: (e: FocusEvent) => {
      if (!isFocusVisible(e.target)) setFocusVisible(false);
      r.stop(e);
    },
    onFocus: (e: FocusEvent) => {
      if (isFocusVisible(e.target)) setFocusVisible(true);
    },
    onKeyDown: (e: KeyboardEvent) => {
      // A native button or link: the browser activates it; Space restarts the focus ripple.
      if (focusRipple && !e.repeat && focusVisible && e.key === " ") r.stop(e, () => r.start(e));
    },
    onKeyUp: (e: KeyboardEvent) => {
      if (focusRipple && e.key === " " && focusVisible && !e.defaultPrevented) r.stop(e, () => r.pulsate());
    },
  };
  const classes = `MuiButtonBase-root ${className}${focusVisible ? " Mui-focusVisible" : ""}`;
  const content = (
    <>
      {children}
      {rippleMounted && (
        <Suspense fallback={null}>
          <TouchRipple ref={r.ref} center={centerRipple} />
        </Suspense>
      )}
    </>
  );
  if (rest.component === "link") {
    const { component: _, ...link } = rest;
    return (
      <RouterLink className={classes} tabIndex={0} {...link} {...handlers}>
        {content}
      </RouterLink>
    );
  }
  if (rest.component === "a") {
    const { component: _, ...anchor } = rest;
    return (
      <a className={classes} tabIndex={0} {...anchor} {...handlers}>
        {content}
      </a>
    );
  }
  const { component: _, ...button } = rest;
  return (
    <button className={classes} tabIndex={0} type="button" {...button} {...handlers}>
      {content}
    </button>
  );
};
