import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { promotionBody, seedAdminToken } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

const HOSTILE = [
  "javascript:alert(document.cookie)",
  "JaVaScRiPt:alert(1)",
  "  javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "//evil.example/phish",
  "/\\evil.example",
  "\\\\evil.example",
  "https://user@evil.example",
  "ftp://example.com/file",
  "file:///etc/passwd",
];
const FINE = ["https://example.com/offer?x=1", "http://example.com", "/products?kind=book", "/schools"];

describe("finding 15: promotion redirect URLs", () => {
  let shop: TestShop;
  let admin: ReturnType<typeof client>;
  beforeAll(async () => {
    shop = await startTestShop();
    admin = client(shop.url, await seedAdminToken(shop));
  });
  afterAll(() => shop.destroy());

  it("takes http(s) or same-site paths only; javascript:, data: and the like are a field error", async () => {
    const refused: string[] = [];
    const created = await admin.post<{ id: string }>("/api/promotions", promotionBody);
    expect(created.status).toBe(201);
    for (const redirectUrl of HOSTILE) {
      const add = await admin.post<{ errors?: { path: string }[] }>("/api/promotions", {
        ...promotionBody,
        redirectUrl,
      });
      const edit = await admin.put<{ errors?: { path: string }[] }>(`/api/promotions/${created.body.id}`, {
        ...promotionBody,
        redirectUrl,
      });
      for (const [what, res] of [
        ["POST", add],
        ["PUT", edit],
      ] as const) {
        expect(res.status, `${what} ${JSON.stringify(redirectUrl)}`).toBe(400);
        expect(
          res.body.errors?.map((e) => e.path),
          redirectUrl,
        ).toContain("redirectUrl");
      }
      refused.push(`${JSON.stringify(redirectUrl)} ${add.status}/${edit.status}`);
    }
    for (const redirectUrl of FINE) {
      const res = await admin.post("/api/promotions", { ...promotionBody, redirectUrl });
      expect(res.status, redirectUrl).toBe(201);
    }
    reportFinding(
      "15 promotion redirects",
      `${HOSTILE.length} hostile redirect URLs on POST and PUT /api/promotions`,
      `${refused.join("; ")}; http(s) and same-site paths still 201`,
    );
  });
});
