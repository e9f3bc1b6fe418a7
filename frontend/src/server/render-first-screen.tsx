import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { AppBootstrap } from "../app/AppBootstrap.tsx";
import { type FirstScreen, fillFirstScreen } from "../app/first-screen.ts";
import { AppProviders } from "../app/providers.tsx";
import { AppRoutes } from "../app/router.tsx";
import { createQueryClient } from "../lib/query-client.ts";
import { AssumedNarrow } from "../lib/viewport-guess.ts";

export type { FirstScreen } from "../app/first-screen.ts";

export interface RenderedFirstScreen {
  /** One `<style>` element with the rules the markup uses, for the page's head. */
  styles: string;
  /** The markup for `#root`. */
  html: string;
  /** The JSON for the page's `#first-screen` script element (`<` escaped). */
  data: string;
}

/**
 * The home page ("/") as the app renders it for a visitor, from `screen`'s answers: the same
 * components, routes and providers as the browser's (main.tsx), which then hydrates this markup
 * (app/first-screen.ts). The server calls it (standalone/src/firstScreen.ts) so the first
 * screen, its images included, paints from the HTML before the app's script has even arrived.
 *
 * Styles: the first screen's own elements are plain, their rules in the stylesheet index.html links
 * (src/first-screen/stylesheet.tsx, CssBaseline's among them), which the page keeps. What is drawn
 * with MUI (the footer, the toasts' container: each in the MUI scope, src/first-screen/with-mui.tsx)
 * has emotion's rules: its "compat" mode records each rule in the cache instead of writing a `<style>`
 * element beside each component (@emotion/server's extraction works the same way); they go in the
 * head as one element in the format emotion's browser cache takes over (`data-emotion="css <ids>"`),
 * so the browser inserts none of them again. That element comes after the stylesheet's link, and
 * emotion's browser cache adds its own after both: as before, CssBaseline's rules come first.
 */
export const renderFirstScreen = async (screen: FirstScreen): Promise<RenderedFirstScreen> => {
  const cache = createCache({ key: "css" });
  cache.compat = true;
  const queryClient = createQueryClient();
  fillFirstScreen(queryClient, screen);
  // `prerender`, not renderToString: it waits for the lazy parts the page shows at once (the
  // footer), so the browser hydrates them rather than re-rendering a boundary the server gave up on.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <AssumedNarrow value={screen.narrow}>
        <AppProviders queryClient={queryClient}>
          <AppBootstrap />
          <StaticRouter location="/">
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </AssumedNarrow>
    </CacheProvider>,
    // One piece: a part outlined for streaming is put in place by an inline script, which the CSP refuses.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await new Response(prelude).text();
  // A part that failed would be left to the browser to render, by a script the CSP refuses: the
  // caller sends the plain page instead.
  if (errors.length > 0) throw new AggregateError(errors, "renderFirstScreen: the render failed");
  if (html.includes("<script"))
    throw new Error("renderFirstScreen: the markup has a script the CSP would refuse");
  queryClient.clear();
  const ids: string[] = [];
  let css = "";
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== "string") continue;
    ids.push(id);
    css += rules;
  }
  if (css.includes("</")) throw new Error("renderFirstScreen: a style rule contains '</'");
  return {
    styles: `<style data-emotion="${cache.key} ${ids.join(" ")}">${css}</style>`,
    html,
    data: JSON.stringify(screen).replace(/</g, "\\u003c"),
  };
};
