import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupCustomer } from "../../testing/client.ts";
import { findNginx, type RunningNginx, startGateway } from "../../testing/nginx.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { IMAGE, seedAdminToken } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

/**
 * A book list is a photo of a school's list: the child's name, class and school, often a phone
 * number. It was served at /media/bookList/… to anyone with the URL, logged in or not, with
 * `Cache-Control: public` (any shared cache keeps it). Only its uploader and the admins may see
 * it now; the catalogue's images stay public.
 */
describe("second review: book-list photos are private to their customer and the admins", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it("answers the uploader and an admin, refuses a visitor and another customer", async () => {
    const { line, checks } = await attack(shop, shop.url);
    reportFinding("bookListPhotosPrivate", ATTACK, line);
    checks();
  });
});

const nginx = findNginx();
describe.runIf(nginx)("second review: book-list photos are private behind deploy/nginx.conf too", () => {
  let shop: TestShop;
  let gateway: RunningNginx;
  const spaDir = mkdtempSync(join(tmpdir(), "spa-"));
  beforeAll(async () => {
    shop = await startTestShop();
    const target = `127.0.0.1:${shop.port}`;
    gateway = await startGateway(nginx as string, {
      query: target,
      command: target,
      spaDir,
      mediaParent: shop.dataDir,
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await shop?.destroy();
    rmSync(spaDir, { recursive: true, force: true });
  });

  it("answers the uploader and an admin through nginx, refuses a visitor and another customer", async () => {
    const { line, checks } = await attack(shop, gateway.url);
    reportFinding("bookListPhotosPrivate", `${ATTACK} (nginx)`, line);
    checks();
  });
});
if (!nginx)
  console.log("[security] bookListPhotosPrivate: nginx not installed, the gateway half was skipped");

const ATTACK =
  "fetch a customer's book-list photo (and its thumbnail, %62ookList spelling) as a visitor and as another customer";

const fetchAs = async (base: string, path: string, token?: string) => {
  const res = await fetch(`${base}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  await res.arrayBuffer();
  return {
    status: res.status,
    cache: res.headers.get("cache-control") ?? "",
    type: res.headers.get("content-type") ?? "",
  };
};

/** Uploads a customer's book-list photo on the shop, then asks for it through `base` as each caller. */
const attack = async (shop: TestShop, base: string) => {
  const get = (path: string, token?: string) => fetchAs(base, path, token);
  const owner = await signupCustomer(shop.url, "List Owner");
  const stranger = await signupCustomer(shop.url, "Curious Neighbour");
  const form = new FormData();
  form.set("folder", "bookList");
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#06c" } })
    .png()
    .toBuffer();
  form.set("file", new Blob([png]), "my-childs-list.png");
  const uploaded = await fetch(`${shop.url}/api/uploads`, {
    method: "POST",
    headers: { authorization: `Bearer ${owner.token}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  const thumb = url.replace(/\.png$/, ".thumb.png");
  const encoded = url.replace("/bookList/", "/%62ookList/");

  const visitor = await get(url);
  const other = await get(url, stranger.token);
  const otherThumb = await get(thumb, stranger.token);
  const otherEncoded = await get(encoded, stranger.token);
  const own = await get(url, owner.token);
  const admin = await get(url, await seedAdminToken(shop));
  const catalogue = await get(IMAGE);
  const line = `visitor ${visitor.status}; other customer ${other.status}, thumbnail ${otherThumb.status}, encoded ${otherEncoded.status}; uploader ${own.status} (${own.cache}); admin ${admin.status}; a catalogue image to a visitor ${catalogue.status}`;
  const checks = () => {
    expect(visitor.status).toBe(401);
    expect(visitor.type).toContain("application/problem+json");
    expect(other.status).toBe(403);
    expect(otherThumb.status).toBe(403);
    expect(otherEncoded.status).toBe(403);
    expect(own.status).toBe(200);
    expect(own.cache).toContain("private");
    expect(own.cache).not.toContain("public");
    expect(admin.status).toBe(200);
    expect(catalogue.status).toBe(200);
  };
  return { line, checks };
};
