import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { LivePublisher } from "@shop/platform";
import type { Request, RequestHandler } from "express";
import type { Logger } from "pino";
import { REVALIDATE } from "./staticAssets.ts";

/** What frontend/src/server/render-first-screen.tsx takes and gives (its bundle is plain JS). */
interface FirstScreen {
  promotions: unknown;
  schools: unknown;
  narrow: boolean;
}
interface Rendered {
  styles: string;
  html: string;
  data: string;
}
type Render = (screen: FirstScreen) => Promise<Rendered>;
interface Answer {
  text: string;
  body: unknown;
}

interface Page {
  key: string;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

// index.html's requests for the home page's data (first-requests.js and its two preloads): a page
// that carries its data needs neither.
const DATA_REQUESTS = [
  /\s*<link rel="preload" href="\/api\/[\w/-]+" as="fetch"[^>]*>/g,
  /\s*<script src="\/first-requests\.js"><\/script>/,
];
const ROOT = '<div id="root"></div>';
// React puts its image preloads (the first screen's high-priority images) ahead of the markup.
const LEADING_LINKS = /^(?:<link [^>]*\/>)+/;

/**
 * A phone-sized screen (992 px or less: the app's mobile layout)? A guess from the request: the
 * client hint every Chromium sends, else the user agent. A wrong guess costs a re-render of the
 * schools carousel once the app has taken over, nothing else.
 */
export const guessNarrow = (req: Request): boolean => {
  const hint = req.get("sec-ch-ua-mobile");
  if (hint === "?1") return true;
  return /Mobi|Android|iPhone|iPod/.test(req.get("user-agent") ?? "");
};

/**
 * index.html with `rendered` in it: the styles, the image preloads and the data (as JSON, not run)
 * in the head, the markup in #root, and the requests for the data it carries taken out. Throws if
 * index.html is not the one this expects.
 */
export const pageWith = (template: string, rendered: Rendered): string => {
  if (!template.includes(ROOT) || !template.includes("</head>"))
    throw new Error("index.html has no empty #root or no </head>");
  const links = LEADING_LINKS.exec(rendered.html)?.[0] ?? "";
  const markup = rendered.html.slice(links.length);
  let page = template;
  for (const request of DATA_REQUESTS) page = page.replace(request, "");
  const head = `${links}${rendered.styles}<script type="application/json" id="first-screen">${rendered.data}</script>`;
  return page
    .replace("</head>", () => `${head}</head>`)
    .replace(ROOT, () => `<div id="root">${markup}</div>`);
};

/**
 * GET / with the home page's first screen rendered into it (frontend/src/server/render-first-screen.tsx),
 * from this shop's own answers to GET /api/promotions and GET /api/schools, so a visitor's browser
 * paints it (and asks for its images) from the HTML instead of after the app's script has arrived
 * and run: on a slow phone that is seconds. Every other path, and "/" whenever the renderer is not
 * built or an answer fails, is the plain index.html (`next`). The page is rendered once per
 * answers and screen guess, and sent pre-compressed like the other files.
 */
/** GET /'s handler, and what drops the answers it keeps (a catalogue change: see shop.ts). */
export type FirstScreenHandler = RequestHandler & {
  /**
   * The next visit asks the API again. The first screen's data is then what the browser's query
   * cache starts from, taken as fresh for its stale time, and a visitor whose page loads just after
   * a change did not hear that change's `catalogue.updated`: kept answers would show them the old
   * catalogue for that long, not for the freshness window only.
   */
  forgetAnswers(): void;
};

export const serveFirstScreen = (opts: {
  spaDir: string;
  rendererFile: string;
  /** This shop's own origin, once it listens (the answers are asked of it). */
  origin: () => string | undefined;
  logger: Logger;
  /** How long one pair of answers serves every visitor (default 1 s: a change shows a second late at most). */
  answersFreshMs?: number;
  /** How long an answer may take before the visitor gets the plain index.html (default 2 s). */
  answerTimeoutMs?: number;
}): FirstScreenHandler => {
  const answersFreshMs = opts.answersFreshMs ?? 1_000;
  const answerTimeoutMs = opts.answerTimeoutMs ?? 2_000;
  let render: Promise<Render | undefined> | undefined;
  const renderer = () => {
    // Not built (an image with the static files only): the plain page, quietly.
    if (!render && !existsSync(opts.rendererFile)) return undefined;
    render ??= import(pathToFileURL(opts.rendererFile).href).then(
      (m: { renderFirstScreen: Render }) => m.renderFirstScreen,
      (err: unknown) => {
        // Asked again on the next visit (the build may still be under way).
        render = undefined;
        opts.logger.warn({ err }, "the first screen's renderer is not built: GET / sends index.html");
        return undefined;
      },
    );
    return render;
  };
  let template = { mtimeMs: -1, text: "" };
  const readTemplate = (): string => {
    const file = join(opts.spaDir, "index.html");
    const { mtimeMs } = statSync(file);
    if (mtimeMs !== template.mtimeMs) template = { mtimeMs, text: readFileSync(file, "utf8") };
    return template.text;
  };
  // The last page per screen guess: the answers change when the catalogue does, seldom.
  const pages = new Map<boolean, Page>();

  const answer = async (origin: string, path: string): Promise<Answer> => {
    const res = await fetch(`${origin}${path}`, {
      headers: { accept: "application/json" },
      // A read side that does not answer (a fault) must not hold the visitor: index.html instead.
      signal: AbortSignal.timeout(answerTimeoutMs),
    });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    const text = await res.text();
    return { text, body: JSON.parse(text) };
  };
  // The two answers, asked once per freshness window however many visitors come at once: a flood
  // of GET / costs the API at most two calls a second, not two per visit.
  let asked: { at: number; answers: Promise<[Answer, Answer]> } | undefined;
  const answers = (origin: string): Promise<[Answer, Answer]> => {
    const now = performance.now();
    if (asked && now - asked.at < answersFreshMs) return asked.answers;
    const pending = Promise.all([answer(origin, "/api/promotions"), answer(origin, "/api/schools")]);
    const current = { at: now, answers: pending };
    asked = current;
    // A failure is not kept: the next visit asks again.
    pending.catch(() => {
      if (asked === current) asked = undefined;
    });
    return pending;
  };

  const pageFor = async (narrow: boolean): Promise<Page | undefined> => {
    const origin = opts.origin();
    const renderFirstScreen = await renderer();
    if (!origin || !renderFirstScreen) return undefined;
    const [promotions, schools] = await answers(origin);
    const tpl = readTemplate();
    const key = JSON.stringify([template.mtimeMs, promotions.text, schools.text]);
    const cached = pages.get(narrow);
    if (cached?.key === key) return cached;
    const text = pageWith(
      tpl,
      await renderFirstScreen({ promotions: promotions.body, schools: schools.body, narrow }),
    );
    const html = Buffer.from(text);
    const [br, gzipped] = await Promise.all([
      brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gz(html, { level: 9 }),
    ]);
    const page = { key, html, br, gzip: gzipped };
    pages.set(narrow, page);
    return page;
  };

  const handler: RequestHandler = (req, res, next) => {
    pageFor(guessNarrow(req)).then(
      (page) => {
        if (!page) return next();
        res.setHeader("Cache-Control", REVALIDATE);
        res.vary("Accept-Encoding");
        res.vary("Sec-CH-UA-Mobile");
        res.vary("User-Agent");
        res.type("html");
        const coding = (["br", "gzip"] as const).find((c) => req.acceptsEncodings(c) === c);
        if (coding) res.setHeader("Content-Encoding", coding);
        res.send(coding === "br" ? page.br : coding === "gzip" ? page.gzip : page.html);
      },
      (err: unknown) => {
        opts.logger.warn({ err }, "the first screen was not rendered: GET / sends index.html");
        next();
      },
    );
  };
  return Object.assign(handler, {
    forgetAnswers() {
      asked = undefined;
    },
  });
};

/**
 * `live` as the projector publishes through it: a `catalogue.updated` (a promotion, school or book
 * changed, and the read model already holds it) first makes the first screen forget its answers,
 * so the next visit to / shows the change (see `FirstScreenHandler.forgetAnswers`).
 */
export const tellingFirstScreen = (
  live: LivePublisher,
  firstScreen: () => FirstScreenHandler | undefined,
): LivePublisher => ({
  emit(rooms, event, payload) {
    if (event === "catalogue.updated") firstScreen()?.forgetAnswers();
    live.emit(rooms, event, payload);
  },
  socketsJoin: (inRooms, rooms) => live.socketsJoin(inRooms, rooms),
  socketsLeave: (inRooms, rooms) => live.socketsLeave(inRooms, rooms),
  disconnectSockets: (inRooms) => live.disconnectSockets(inRooms),
});
