import { existsSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, runnerImport } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

const backend = "http://localhost:3000";

/**
 * MUI's `createTheme` and `ThemeProvider` choose at run time between a plain theme and one built
 * on CSS variables, so the CSS-variables half (createThemeWithVars, CssVarsProvider,
 * InitColorSchemeScript: ~27 kB, 7 kB brotli of the first page's script) is always bundled. This
 * shop's theme (src/app/theme.ts) and MUI's default theme use no `cssVariables` and no
 * `colorSchemes`, for which both already take the plain branch: point the two at that branch. The
 * only difference: the provider no longer sets `theme.vars` to null (it is undefined), which MUI
 * reads as `theme.vars || theme` alike. The build fails if theme.ts asks for CSS variables.
 */
const muiWithoutCssVars = (): Plugin => {
  const require = (path: string) => {
    if (!existsSync(path))
      throw new Error(`muiWithoutCssVars: ${path} is gone (a new MUI?): update vite.config.ts`);
    return path;
  };
  let styles = "";
  return {
    name: "mui-without-css-vars",
    enforce: "pre",
    apply: "build",
    async buildStart() {
      const resolved = await this.resolve("@mui/material/styles", fileURLToPath(import.meta.url));
      if (!resolved) throw new Error("muiWithoutCssVars: cannot resolve @mui/material/styles");
      styles = dirname(resolved.id);
    },
    resolveId(id, importer) {
      if (!importer || dirname(importer) !== styles) return null;
      if (id === "./createTheme.mjs") return require(join(styles, "createThemeNoVars.mjs"));
      if (id === "./ThemeProvider.mjs") return require(join(styles, "ThemeProviderNoVars.mjs"));
      return null;
    },
    transform(code, id) {
      if (id.endsWith("/src/app/theme.ts") && /\b(cssVariables|colorSchemes)\s*:/.test(code))
        throw new Error(
          "src/app/theme.ts asks for CSS variables: remove muiWithoutCssVars from vite.config.ts",
        );
      return null;
    },
  };
};

/**
 * react-router's package exports name only its development build (dist/development: invariant
 * messages, dev warnings, always bundled) even for a production build; its production build sits
 * beside it (dist/production), the same API without them. A build takes that one. The build fails
 * if the file is gone (a new react-router: check its exports again).
 */
const reactRouterProduction = (): Plugin => ({
  name: "react-router-production",
  enforce: "pre",
  apply: "build",
  async resolveId(id, importer, options) {
    if (id !== "react-router") return null;
    const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
    if (!resolved) return null;
    const marker = `${sep}dist${sep}development${sep}`;
    if (!resolved.id.includes(marker))
      throw new Error(
        `reactRouterProduction: ${resolved.id} is not react-router's development build: update vite.config.ts`,
      );
    const production = resolved.id.replace(marker, `${sep}dist${sep}production${sep}`);
    if (!existsSync(production))
      throw new Error(
        `reactRouterProduction: ${production} is gone (a new react-router?): update vite.config.ts`,
      );
    return production;
  },
});

/**
 * MUI's Button and IconButton import CircularProgress for their `loading` spinner alone (~1 kB
 * brotli of the first page's script, where no button shows one): the client build gives them a
 * CircularProgress loaded when first drawn (src/components/ui/LazyCircularProgress.tsx). Every other
 * import of CircularProgress is the real one. The build fails if either no longer imports it so.
 */
const buttonSpinnerOnDemand = (): Plugin => {
  const lazySpinner = fileURLToPath(new URL("./src/components/ui/LazyCircularProgress.tsx", import.meta.url));
  const importers = ["Button", "IconButton"];
  const redirected = new Set<string>();
  return {
    name: "button-spinner-on-demand",
    enforce: "pre",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    buildStart() {
      redirected.clear();
    },
    resolveId(id, importer) {
      if (id !== "../CircularProgress/index.mjs" || !importer) return null;
      const from = /[\\/]@mui[\\/]material[\\/](\w+)[\\/]\1\.mjs$/.exec(importer)?.[1];
      if (!from || !importers.includes(from)) return null;
      redirected.add(from);
      return lazySpinner;
    },
    buildEnd(error) {
      const missed = importers.filter((name) => !redirected.has(name));
      if (!error && missed.length > 0)
        throw new Error(
          `buttonSpinnerOnDemand: MUI's ${missed.join(", ")} no longer import ../CircularProgress/index.mjs (a new MUI?): update vite.config.ts`,
        );
    },
  };
};

/**
 * `virtual:first-screen.css`: the first screen's stylesheet (CssBaseline's global rules and those of
 * the plain elements the first screen is drawn with), generated at each build and dev start from the
 * MUI elements they stand for, with the app's theme: src/first-screen/stylesheet.tsx, run in Node
 * through Vite's module runner. main.tsx imports it, so index.html links it.
 */
const firstScreenStylesheet = (): Plugin => {
  const virtual = "virtual:first-screen.css";
  const resolved = "\0first-screen.css";
  const generator = fileURLToPath(new URL("./src/first-screen/stylesheet.tsx", import.meta.url));
  return {
    name: "first-screen-stylesheet",
    resolveId(id) {
      return id === virtual ? resolved : null;
    },
    async load(id) {
      if (id !== resolved) return null;
      const { module, dependencies } = await runnerImport<{ firstScreenCss: () => string }>(generator, {
        configFile: false,
        root: fileURLToPath(new URL(".", import.meta.url)),
        logLevel: "warn",
      });
      for (const file of dependencies ?? []) if (!file.includes("node_modules")) this.addWatchFile(file);
      return module.firstScreenCss();
    },
  };
};

/**
 * The server's renderer of the home page's first screen (src/server/render-first-screen.tsx), built
 * by `vite build --ssr src/server/render-first-screen.tsx` (`npm run build`) into dist-server/,
 * never into dist/ (which is served): Node modules with their dependencies inside (the lazy screens
 * in files of their own, loaded only if rendered), which the standalone imports
 * (standalone/src/firstScreen.ts).
 */
const SSR_OUT_DIR = "dist-server";

/**
 * Modules whose import alone does nothing, so that the build may drop them when nothing of theirs is
 * used (the bundler otherwise keeps every module a package does not declare free of side effects):
 * * contracts only declares constants and zod schemas: modules this app does not use (most of the
 *   event schemas) are dropped, keeping zod out of the first load.
 * * @emotion/react imports hoist-non-react-statics (with react-is 16, a second copy beside MUI's
 *   react-is 19) for `withTheme` only, and also bare (`import "hoist-non-react-statics"`), which
 *   kept it (≈ 1 kB brotli) in the first page's script although nothing here calls `withTheme`.
 *   Both modules only define functions and constants.
 */
const sideEffectFree = [
  { test: /[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
  { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
  { test: /[\\/]@emotion[\\/]react[\\/]_isolated-hnrs[\\/]/, sideEffects: false },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    muiWithoutCssVars(),
    reactRouterProduction(),
    buttonSpinnerOnDemand(),
    firstScreenStylesheet(),
    react(),
    // Pre-compressed copies beside each asset (x.js.br, x.js.gz): the standalone and nginx send them
    // as they are, so no request pays for compression and the bytes are the best each codec gives.
    ...(isSsrBuild
      ? []
      : [
          compression({
            include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
            threshold: 1024,
            algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
          }),
        ]),
  ],
  ssr: { noExternal: true },
  // Bundled for Node, the dependencies' `process.env.NODE_ENV` checks would otherwise be read at run
  // time (and pick React's development build when it is unset).
  ...(isSsrBuild && { define: { "process.env.NODE_ENV": JSON.stringify("production") } }),
  server: {
    proxy: {
      "/api": backend,
      "/media": backend,
      "/healthz": backend,
      "/socket.io": { target: backend, ws: true },
    },
  },
  preview: {
    proxy: {
      "/api": backend,
      "/media": backend,
      "/healthz": backend,
      "/socket.io": { target: backend, ws: true },
    },
  },
  build: isSsrBuild
    ? {
        outDir: SSR_OUT_DIR,
        emptyOutDir: true,
        target: "node24",
        copyPublicDir: false,
        rolldownOptions: {
          treeshake: { moduleSideEffects: sideEffectFree },
        },
      }
    : {
        outDir: "dist",
        emptyOutDir: true,
        target: "es2022",
        // The only stylesheet is the first screen's (src/first-screen/stylesheet.tsx): as emotion writes
        // the rules, as the other screens' are inserted. A minifier drops the legacy prefixed properties
        // emotion writes (-webkit-box-flex, -webkit-box-align, …), which reach the computed style, and
        // rewrites values (translateX as translate): the page would not be the same as before to the
        // letter, for ≈ 0.4 kB brotli.
        cssMinify: false,
        // Every browser this targets preloads modules natively; older ones simply load lazily.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          treeshake: { moduleSideEffects: sideEffectFree },
          output: {
            // Everything the first page runs in one file rather than a dozen small shared ones: a browser
            // on HTTP/1.1 fetches 6 files at a time, so each further batch costs a slow phone another
            // round trip (half a second) before the page can even render. Lazy screens stay split.
            codeSplitting: { groups: [{ name: "initial", tags: ["$initial"] }] },
          },
        },
      },
}));
