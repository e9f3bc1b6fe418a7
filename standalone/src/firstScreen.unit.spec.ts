import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { guessNarrow, pageWith } from "./firstScreen.ts";

const TEMPLATE = `<!doctype html>
<html lang="en-IN">
  <head>
    <title>Shop</title>
    <link rel="preload" href="/api/promotions" as="fetch" crossorigin="use-credentials" />
    <link rel="preload" href="/api/schools" as="fetch" crossorigin="use-credentials" />
    <script src="/first-requests.js"></script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const rendered = {
  styles: '<style data-emotion="css a1 b2">.css-a1{color:red}</style>',
  html: '<link rel="preload" as="image" href="/media/p.png" fetchPriority="high"/><div class="css-a1">Schools $& $1</div>',
  data: '{"narrow":true,"x":"\\u003c/script>"}',
};

describe("pageWith", () => {
  const page = pageWith(TEMPLATE, rendered);

  it("puts the markup in #root and the styles, image preloads and data in the head", () => {
    const head = page.slice(0, page.indexOf("</head>"));
    expect(head).toContain(rendered.styles);
    expect(head).toContain('<link rel="preload" as="image" href="/media/p.png" fetchPriority="high"/>');
    expect(head).toContain(`<script type="application/json" id="first-screen">${rendered.data}</script>`);
    // Text that looks like a replacement pattern is kept as it is.
    expect(page).toContain('<div id="root"><div class="css-a1">Schools $& $1</div></div>');
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it("drops index.html's requests for the data the page now carries", () => {
    expect(page).not.toContain("/api/");
    expect(page).not.toContain("first-requests.js");
  });

  it("refuses an index.html without an empty #root", () => {
    expect(() =>
      pageWith(TEMPLATE.replace('<div id="root"></div>', '<div id="app"></div>'), rendered),
    ).toThrow();
  });
});

describe("guessNarrow", () => {
  const req = (headers: Record<string, string>) =>
    ({ get: (name: string) => headers[name.toLowerCase()] }) as unknown as Request;

  it("takes a phone's client hint or user agent, and assumes a wide screen otherwise", () => {
    expect(guessNarrow(req({ "sec-ch-ua-mobile": "?1" }))).toBe(true);
    expect(
      guessNarrow(
        req({ "user-agent": "Mozilla/5.0 (Linux; Android 13; Pixel 7) Chrome/131 Mobile Safari/537.36" }),
      ),
    ).toBe(true);
    expect(guessNarrow(req({ "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)" }))).toBe(
      true,
    );
    expect(
      guessNarrow(req({ "sec-ch-ua-mobile": "?0", "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" })),
    ).toBe(false);
    expect(guessNarrow(req({}))).toBe(false);
  });
});
