import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, signupCustomer } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { seedAdminToken } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

const COPIES = 6;

/**
 * A customer uploaded one photo and sent it as a book list again and again: every copy was a new
 * book list in the admins' queue (and a live notice on their screens), so one account could bury
 * the real ones. A book-list photo now makes one book list; a second use is a field error.
 */
describe("second review: one uploaded photo makes one book list", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it(`sends one photo as ${COPIES} book lists: one is taken, the rest refused`, async () => {
    const customer = await signupCustomer(shop.url, "List Flooder");
    const form = new FormData();
    form.set("folder", "bookList");
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#a30" } })
      .png()
      .toBuffer();
    form.set("file", new Blob([png]), "list.png");
    const uploaded = await fetch(`${shop.url}/api/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${customer.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };

    const answers = [];
    for (let i = 0; i < COPIES; i++)
      answers.push(
        await customer.api.post<{ id?: string; errors?: { path: string; message: string }[] }>(
          "/api/booklists",
          { shippingAddress: `Flat ${i}, Pune`, imageUrl: url },
        ),
      );
    const admin = client(shop.url, await seedAdminToken(shop));
    const last = answers.findLast((a) => a.status === 201);
    const lists = await admin.get<{ items: { imageUrl: string }[] }>("/api/booklists?limit=200", {
      ...(last && { "x-min-position": String((last.body as { position?: string }).position) }),
    });
    const queued = lists.body.items.filter((l) => l.imageUrl === url).length;
    reportFinding(
      "bookListFlood",
      `one uploaded photo sent as ${COPIES} book lists by one customer`,
      `${answers.map((a) => a.status).join(", ")}; book lists in the admins' queue: ${queued}`,
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(a.status).toBe(400);
      expect(a.body.errors?.[0]?.path).toBe("imageUrl");
    }
    expect(queued).toBe(1);
  });
});
