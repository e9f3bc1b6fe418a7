import type { LivePublisher } from "@shop/platform";
import type { Request, RequestHandler } from "express";
import { describe, expect, it } from "vitest";
import { type FirstScreenHandler, guessNarrow, pageWith, tellingFirstScreen } from "./firstScreen.ts";

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

describe("tellingFirstScreen", () => {
  it("makes the first screen forget its answers before a catalogue change goes out, and passes everything on", () => {
    const seen: string[] = [];
    const live: LivePublisher = {
      emit: (rooms, event) => seen.push(`emit ${event} to ${rooms.join(",")}`),
      socketsJoin: (inRooms, rooms) => seen.push(`join ${inRooms.join(",")} ${rooms.join(",")}`),
      socketsLeave: (inRooms, rooms) => seen.push(`leave ${inRooms.join(",")} ${rooms.join(",")}`),
      disconnectSockets: (inRooms) => seen.push(`disconnect ${inRooms.join(",")}`),
    };
    const handler: RequestHandler = () => {};
    const firstScreen: FirstScreenHandler = Object.assign(handler, {
      forgetAnswers: () => seen.push("forget"),
    });
    const told = tellingFirstScreen(live, () => firstScreen);
    told.emit(["order:1"], "order.updated", {});
    told.emit(["public"], "catalogue.updated", { kind: "promotion" });
    told.socketsJoin(["user:1"], ["role:admin"]);
    told.socketsLeave(["user:1"], ["role:customer"]);
    told.disconnectSockets(["user:2"]);
    expect(seen).toEqual([
      "emit order.updated to order:1",
      "forget",
      "emit catalogue.updated to public",
      "join user:1 role:admin",
      "leave user:1 role:customer",
      "disconnect user:2",
    ]);
  });

  it("publishes before the first screen exists", () => {
    const seen: string[] = [];
    const live = { emit: (_r: string[], event: string) => seen.push(event) } as unknown as LivePublisher;
    tellingFirstScreen(live, () => undefined).emit(["public"], "catalogue.updated", {});
    expect(seen).toEqual(["catalogue.updated"]);
  });
});
