/**
 * Does a build draw the shop as another does? The guard for changes that must leave the page as it
 * is (issue 20's first-load cuts: first-screen/ draws the first screen without MUI, from a
 * stylesheet generated from it). Two steps, so that two worktrees (say main and a branch) can be
 * compared with this one script:
 *
 *   node e2e/src/compareRender.ts capture <worktree> <outDir>   # once per worktree
 *   node e2e/src/compareRender.ts diff <outDirA> <outDirB>      # exit 1 on any difference
 *
 * `capture` builds the worktree's frontend if needed, starts its test shop (its own standalone, a
 * fresh seeded data folder) and opens it in /usr/bin/chromium with reduced motion (no autoplay):
 * - the home page at 390×844, 844×390, 700×900, 1280×800 and 1440×900, signed out and signed in (a
 *   customer signed up through the API, as firstScreen.e2e does): a screenshot of the first screen,
 *   every element's computed style (every property but custom properties, `::before` and `::after`
 *   where drawn), box and attributes (class names aside) once the page has settled, then the same
 *   after scrolling through it (lazy images, below the fold, footer) with a full-page screenshot;
 * - each button of the first screen at 1280×800 and 390×844 at rest, hovered, keyboard-focused (by
 *   Tab: the focus ripple), pressed and after the press (its element and everything inside it, the
 *   ripple included; its click is held back so the page stays);
 * - a navigation from home by a click: to a school page and to sign-up (signed out), to the cart
 *   (signed in), each a screenshot and the styles once settled;
 * - the console's errors and warnings and the page's errors, for each.
 * The result is deterministic for a given build and data (run it twice on one worktree: `diff`
 * finds nothing). `diff` compares screenshots pixel by pixel and the styles property by property.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "./browser.ts";

const VIEWPORTS = [
  [390, 844],
  [844, 390],
  [700, 900],
  [1280, 800],
  [1440, 900],
] as const;
const BUTTON_VIEWPORTS = [
  [1280, 800],
  [390, 844],
] as const;

/** Runs in the page: every element under `root` (default body) in document order, with its styles. */
const DUMP = `(rootSelector) => {
  const root = rootSelector ? document.querySelector(rootSelector) : document.body;
  if (!root) return null;
  // Running animations (a ripple's) at their start, so that two runs read the same frame.
  const running = document.getAnimations().filter((a) => a.playState === "running");
  for (const a of running) { a.pause(); a.currentTime = 0; }
  const styleOf = (el, pseudo) => {
    const cs = getComputedStyle(el, pseudo);
    const out = {};
    for (let i = 0; i < cs.length; i++) {
      const name = cs[i];
      if (name.startsWith("--")) continue;
      out[name] = cs.getPropertyValue(name);
    }
    return out;
  };
  const pathOf = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
      let i = 1;
      for (let s = e.previousElementSibling; s; s = s.previousElementSibling) if (s.tagName === e.tagName) i++;
      parts.unshift(e.tagName.toLowerCase() + "[" + i + "]");
    }
    return parts.join("/");
  };
  const out = [];
  for (const el of [root, ...root.querySelectorAll("*")]) {
    const r = el.getBoundingClientRect();
    const attrs = {};
    for (const a of el.attributes) {
      if (a.name === "class") {
        // Generated class names (emotion's css-*, first-screen's fs-*) differ by build, and Box's
        // MuiBox-root has no rules: the rest count.
        attrs.class = a.value.split(/\\s+/).filter((c) => c && !/^(css|fs)-/.test(c) && c !== "MuiBox-root").sort().join(" ");
        if (!attrs.class) delete attrs.class;
      } else {
        // React's useId values (_r_3_) count the components that asked before: not what is drawn.
        attrs[a.name] = a.value.replace(/_r_[0-9a-z]+_/g, "_r_");
      }
    }
    const entry = { path: pathOf(el), box: [r.x, r.y, r.width, r.height].map((n) => Math.round(n * 100) / 100), attrs, style: styleOf(el) };
    for (const pseudo of ["::before", "::after"]) {
      const content = getComputedStyle(el, pseudo).content;
      if (content && content !== "none" && content !== "normal") entry[pseudo] = styleOf(el, pseudo);
    }
    out.push(entry);
  }
  for (const a of running) a.play();
  return out;
}`;

/** Images the browser is loading (a lazy one out of view is not: it is left), 5 s at most. */
const imagesLoaded = (page: Page) =>
  page.evaluate(
    `Promise.race([
      new Promise((r) => setTimeout(r, 5000)),
      Promise.all([...document.images]
        .filter((i) => !i.complete && (i.loading !== "lazy" || i.getBoundingClientRect().bottom > 0 && i.getBoundingClientRect().top < innerHeight))
        .map((i) => new Promise((r) => { i.addEventListener("load", r); i.addEventListener("error", r); }))),
    ]).then(() => undefined)`,
  );

const settle = async (page: Page) => {
  await page.waitForLoadState("networkidle");
  await page.evaluate("document.fonts.ready.then(() => undefined)");
  // Parts asked for after the load event (footer, toasts, below the fold) and their images.
  await page.waitForTimeout(1500);
  await page.waitForLoadState("networkidle");
  await imagesLoaded(page);
};

const scrollThrough = async (page: Page) => {
  const height = Number(await page.evaluate("document.body.scrollHeight"));
  for (let y = 0; y < height; y += 400) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(60);
  }
  await page.evaluate("window.scrollTo(0, 0)");
  await settle(page);
  await page.waitForTimeout(300);
};

interface Shop {
  url: string;
  destroy(): Promise<void>;
}

const startShopOf = async (worktree: string): Promise<Shop> => {
  const standalone = (await import(pathToFileURL(join(worktree, "standalone/src/index.ts")).href)) as {
    ensureSpaBuilt: (dir: string, logger: unknown) => Promise<void>;
    FRONTEND_DIR: string;
    startTestShop: () => Promise<Shop>;
  };
  const pino = (await import("pino")).default;
  await standalone.ensureSpaBuilt(standalone.FRONTEND_DIR, pino({ level: "warn" }));
  return standalone.startTestShop();
};

const signIn = async (ctx: BrowserContext, url: string) => {
  const res = await ctx.request.post(`${url}/api/auth/signup`, {
    data: {
      name: "Asha Rao",
      email: `asha.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
      contact: "+91 90000 00000",
      password: "a-long-password",
      address: "1 Test Street, Nagpur",
    },
  });
  if (res.status() !== 201) throw new Error(`signup: ${res.status()}`);
  const { user } = (await res.json()) as { user: unknown };
  await ctx.addInitScript(`localStorage.setItem("currentUser", ${JSON.stringify(JSON.stringify(user))})`);
};

const capture = async (worktree: string, out: string) => {
  mkdirSync(out, { recursive: true });
  const shop = await startShopOf(worktree);
  const browser: Browser = await launchChromium();
  const write = (name: string, data: unknown) =>
    writeFileSync(join(out, name), `${JSON.stringify(data, null, 1)}\n`);
  const open = async (width: number, height: number, signedIn: boolean) => {
    const ctx = await browser.newContext({
      viewport: { width, height },
      reducedMotion: "reduce",
      deviceScaleFactor: 1,
    });
    if (signedIn) await signIn(ctx, shop.url);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") errors.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
    await page.goto(`${shop.url}/`);
    await page.getByRole("region", { name: "Partner schools" }).waitFor();
    if (signedIn) await page.getByTestId("user-name").waitFor();
    await settle(page);
    return { ctx, page, errors };
  };
  try {
    for (const signedIn of [false, true]) {
      for (const [w, h] of VIEWPORTS) {
        const tag = `home-${signedIn ? "in" : "out"}-${w}x${h}`;
        const { ctx, page, errors } = await open(w, h, signedIn);
        await page.screenshot({ path: join(out, `${tag}-first.png`) });
        write(`${tag}-first.json`, await page.evaluate(`(${DUMP})()`));
        await scrollThrough(page);
        await page.screenshot({ path: join(out, `${tag}-full.png`), fullPage: true });
        write(`${tag}-full.json`, await page.evaluate(`(${DUMP})()`));
        write(`${tag}-errors.json`, errors);
        await ctx.close();
      }
    }
    for (const [w, h] of BUTTON_VIEWPORTS) {
      const { ctx, page, errors } = await open(w, h, false);
      // Marks each of the first screen's buttons (by its name) for the dumps.
      const buttons = [
        ["menu", "button", "Open menu"],
        ["upload", "link", "Upload Booklist"],
        ["signup", "link", "Sign up"],
        ["chat", "link", "Chat with us"],
        ["next", "button", "Next slide"],
        ["school", "link", null],
      ] as const;
      for (const [name, role, label] of buttons) {
        const target =
          label === null
            ? page.getByRole("region", { name: "Partner schools" }).getByRole("link").first()
            : page.getByRole(role, { name: label, exact: true }).first();
        if (!(await target.isVisible())) continue;
        await target.evaluate((el, n) => el.setAttribute("data-compare", n), name);
        const sel = `[data-compare="${name}"]`;
        const tag = `button-${name}-${w}x${h}`;
        const dump = async (state: string) =>
          write(`${tag}-${state}.json`, await page.evaluate(`(${DUMP})(${JSON.stringify(sel)})`));
        await page.mouse.move(0, h - 1);
        await page.waitForTimeout(400);
        await dump("rest");
        await target.hover();
        await page.waitForTimeout(500);
        await dump("hover");
        await page.mouse.move(0, h - 1);
        // Keyboard focus: Tab from the top of the page until it is this button.
        await page.evaluate("document.activeElement?.blur(); window.scrollTo(0, 0)");
        for (let i = 0; i < 80; i++) {
          await page.keyboard.press("Tab");
          if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) break;
        }
        await page.waitForTimeout(700);
        await dump("focus");
        await page.evaluate("document.activeElement?.blur()");
        await page.waitForTimeout(700);
        // Pressed: the click held back (no navigation, no drawer), the ripple drawn.
        await page.evaluate(
          "window.__hold = (e) => { e.preventDefault(); e.stopPropagation(); }; window.addEventListener('click', window.__hold, true)",
        );
        const box = await target.boundingBox();
        if (!box) throw new Error(`${name}: no box`);
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.waitForTimeout(500);
        await page.mouse.down();
        await page.waitForTimeout(700);
        await dump("pressed");
        await page.mouse.up();
        await page.mouse.move(0, h - 1);
        await page.waitForTimeout(1200);
        await dump("after");
        await page.evaluate(
          "document.activeElement?.blur(); window.removeEventListener('click', window.__hold, true)",
        );
        await page.waitForTimeout(300);
      }
      write(`button-${w}x${h}-errors.json`, errors);
      await ctx.close();
    }
    const navigations = [
      [
        "school",
        false,
        1280,
        800,
        (p: Page) => p.getByRole("region", { name: "Partner schools" }).getByRole("link").first(),
      ],
      [
        "school",
        false,
        390,
        844,
        (p: Page) => p.getByRole("region", { name: "Partner schools" }).getByRole("link").first(),
      ],
      ["signup", false, 1280, 800, (p: Page) => p.getByRole("link", { name: "Sign up", exact: true })],
      ["signup", false, 390, 844, (p: Page) => p.getByRole("link", { name: "Sign up", exact: true })],
      ["cart", true, 1280, 800, (p: Page) => p.getByRole("link", { name: "Cart", exact: true })],
      ["cart", true, 390, 844, (p: Page) => p.getByRole("link", { name: "Cart", exact: true })],
    ] as const;
    for (const [name, signedIn, w, h, link] of navigations) {
      const tag = `nav-${name}-${w}x${h}`;
      const { ctx, page, errors } = await open(w, h, signedIn);
      await link(page).click();
      await page.waitForURL((u) => u.pathname !== "/");
      await settle(page);
      await page.mouse.move(0, h - 1);
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(out, `${tag}.png`) });
      write(`${tag}.json`, await page.evaluate(`(${DUMP})()`));
      write(`${tag}-errors.json`, errors);
      await ctx.close();
    }
  } finally {
    await browser.close();
    await shop.destroy();
  }
};

interface Entry {
  path: string;
  box: number[];
  attrs: Record<string, string>;
  style: Record<string, string>;
  "::before"?: Record<string, string>;
  "::after"?: Record<string, string>;
}

const diffDumps = (a: Entry[] | null, b: Entry[] | null): string[] => {
  if (!a || !b) return a === b ? [] : ["one dump is empty"];
  const out: string[] = [];
  if (a.length !== b.length) out.push(`element count ${a.length} ≠ ${b.length}`);
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as Entry;
    const y = b[i] as Entry;
    if (x.path !== y.path) {
      out.push(`#${i}: ${x.path} ≠ ${y.path}`);
      break;
    }
    if (x.box.join() !== y.box.join()) out.push(`${x.path}: box ${x.box} ≠ ${y.box}`);
    for (const k of new Set([...Object.keys(x.attrs), ...Object.keys(y.attrs)]))
      if (x.attrs[k] !== y.attrs[k]) out.push(`${x.path}: @${k} ${x.attrs[k]} ≠ ${y.attrs[k]}`);
    for (const part of ["style", "::before", "::after"] as const) {
      const s = x[part] ?? {};
      const t = y[part] ?? {};
      for (const k of new Set([...Object.keys(s), ...Object.keys(t)]))
        if (s[k] !== t[k]) out.push(`${x.path}${part === "style" ? "" : part}: ${k} ${s[k]} ≠ ${t[k]}`);
    }
  }
  return out;
};

const diffPng = async (a: string, b: string): Promise<string | null> => {
  const x = readFileSync(a);
  const y = readFileSync(b);
  if (x.equals(y)) return null;
  const sharp = (await import("sharp")).default;
  const [p, q] = await Promise.all(
    [a, b].map((f) => sharp(f).raw().ensureAlpha().toBuffer({ resolveWithObject: true })),
  );
  if (!p || !q) return "unreadable";
  if (p.info.width !== q.info.width || p.info.height !== q.info.height)
    return `size ${p.info.width}×${p.info.height} ≠ ${q.info.width}×${q.info.height}`;
  let pixels = 0;
  for (let i = 0; i < p.data.length; i += 4) if (p.data.readUInt32LE(i) !== q.data.readUInt32LE(i)) pixels++;
  return pixels === 0 ? null : `${pixels} pixels differ`;
};

const diff = async (a: string, b: string): Promise<number> => {
  const files = new Set([...readdirSync(a), ...readdirSync(b)]);
  let failed = 0;
  for (const file of [...files].sort()) {
    const [x, y] = [join(a, file), join(b, file)];
    if (!existsSync(x) || !existsSync(y)) {
      console.log(`${file}: only in ${existsSync(x) ? a : b}`);
      failed++;
      continue;
    }
    let problems: string[];
    if (file.endsWith(".png")) {
      const d = await diffPng(x, y);
      problems = d ? [d] : [];
    } else if (file.endsWith("-errors.json")) {
      problems = [...JSON.parse(readFileSync(x, "utf8")), ...JSON.parse(readFileSync(y, "utf8"))].map(
        (e: string) => `console: ${e}`,
      );
    } else problems = diffDumps(JSON.parse(readFileSync(x, "utf8")), JSON.parse(readFileSync(y, "utf8")));
    if (problems.length > 0) {
      failed++;
      console.log(`${file}: ${problems.length} difference(s)`);
      for (const p of problems.slice(0, 20)) console.log(`  ${p}`);
    }
  }
  console.log(`${files.size} files compared, ${failed} with differences`);
  return failed;
};

const [command, first, second] = process.argv.slice(2);
if (command === "capture" && first && second) await capture(resolve(first), resolve(second));
else if (command === "diff" && first && second) process.exitCode = (await diff(first, second)) > 0 ? 1 : 0;
else {
  console.error(
    "usage: node e2e/src/compareRender.ts capture <worktree> <outDir> | diff <outDirA> <outDirB>",
  );
  process.exitCode = 2;
}
