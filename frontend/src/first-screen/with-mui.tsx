import { type ComponentProps, type ComponentType, type LazyExoticComponent, lazy } from "react";
import { pageLoaded } from "../lib/socket.ts";

const scope = () => import("./mui-scope.tsx");

/**
 * The MUI scope (./mui-scope.tsx: the theme's provider, with MUI and emotion in its chunk). main.tsx
 * asks for it once the page has loaded, so a later navigation finds it at hand.
 */
export const loadMuiScope = scope;

/** In the browser, once the page has loaded; at once on the server. */
const afterPageLoad = (): Promise<void> =>
  typeof document === "undefined" ? Promise.resolve() : pageLoaded();

/**
 * `React.lazy` for a part drawn with MUI: its module and the MUI scope are loaded together, and it
 * renders inside the theme's provider, so its Suspense boundary waits for both (never drawn without
 * the theme). The server renders it the same way (prerender waits for lazy parts).
 *
 * `afterLoad`: for parts outside the first screen that are drawn at once (the footer, the toasts,
 * the home page below the fold): neither is asked for before the page's load event, so on a slow
 * phone the MUI scope does not share the line with the first screen's images. Rendered by the server,
 * such a part stays as the server drew it (a Suspense boundary not yet hydrated) until then.
 */
// biome-ignore lint/suspicious/noExplicitAny: a component of any props, as React.lazy takes it
export const lazyWithMui = <T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  { afterLoad = false }: { afterLoad?: boolean } = {},
): LazyExoticComponent<T> =>
  lazy(async () => {
    if (afterLoad) await afterPageLoad();
    const [module, { MuiScope }] = await Promise.all([load(), scope()]);
    const Part: ComponentType<ComponentProps<T>> = module.default;
    // biome-ignore lint/correctness/noComponentHookFactories: made once, when React.lazy resolves
    const InScope = (props: ComponentProps<T>) => (
      <MuiScope>
        <Part {...props} />
      </MuiScope>
    );
    return { default: InScope as T };
  });
