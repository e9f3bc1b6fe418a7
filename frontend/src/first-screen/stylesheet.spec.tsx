// @vitest-environment node
// (emotion records a server render's rules as text only outside a browser)
import { describe, expect, it } from "vitest";
import { theme } from "../app/theme.ts";
import { fs } from "./classes.ts";
import { firstScreenCss } from "./stylesheet.tsx";

describe("the first screen's stylesheet (generated at build time)", () => {
  const css = firstScreenCss();

  it("has rules for every class the first screen's elements carry, and no emotion class", () => {
    for (const name of Object.values(fs).flat().filter(Boolean)) expect(css, name).toContain(`.${name}{`);
    expect(css).not.toMatch(/\.css-[\w-]+/);
  });

  it("holds CssBaseline's global rules and takes its values from the app's theme", () => {
    expect(css).toContain(`body{margin:0;color:${theme.palette.text.primary};`);
    expect(css).toContain(`background-color:${theme.palette.background.default};`);
    expect(css).toMatch(new RegExp(`\\.fs-app-bar\\{[^}]*background-color:${theme.palette.primary.main};`));
    expect(css).toMatch(/\.fs-chat\{[^}]*--variant-containedBg:#2e7d32;/);
    // The toolbar's landscape height (Toolbar's mixin), Button's hover and focus states.
    expect(css).toContain("@media (orientation: landscape){.fs-toolbar{min-height:48px;}}");
    expect(css).toContain(".fs-sign-up.Mui-focusVisible{box-shadow:none;}");
    // The carousel's Pause button: a 24 px target at least (WCAG 2.5.8).
    expect(css).toMatch(/\.fs-carousel-pause\{[^}]*width:24px;height:24px;/);
    expect(css).toContain(
      ".fs-school-action.Mui-focusVisible .MuiCardActionArea-focusHighlight{opacity:0.12;}",
    );
  });
});
