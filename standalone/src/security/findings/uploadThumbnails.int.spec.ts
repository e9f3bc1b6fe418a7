import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, signupCustomer } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { uploadBookListPhoto } from "../../testing/uploads.ts";
import { notebookBody, seedAdminToken } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

type Answer = { status: number; body: { errors?: { path: string; message: string }[] } };

/**
 * Every upload also has a thumbnail (`….thumb.png`), and a body naming the thumbnail was checked
 * under that URL, where no uploader is recorded: it passed as demo data. So one photo sent by its
 * thumbnail made a book list after book list, a customer could put another's photo on their own
 * list, and an admin another customer's photo on the catalogue. The thumbnail now answers to its
 * upload: the same owner, the same single book list.
 */
describe("third review: an upload's thumbnail is checked as the upload itself", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  const upload = async (token: string, colour: string): Promise<string> => {
    const res = await uploadBookListPhoto(shop.url, token, colour);
    expect(res.status).toBe(201);
    return (JSON.parse(res.body) as { url: string }).url;
  };
  const thumbOf = (url: string) => url.replace(/\.png$/, ".thumb.png");
  const refusedOn = (a: Answer, path: string) => {
    expect(a.status).toBe(400);
    expect(a.body.errors?.[0]?.path).toBe(path);
  };

  it("one photo makes one book list, whichever of its URLs is sent", async () => {
    const customer = await signupCustomer(shop.url, "Thumb Flooder");
    const url = await upload(customer.token, "#0a3");
    const send = (imageUrl: string, i: number) =>
      customer.api.post<Answer["body"]>("/api/booklists", { shippingAddress: `Flat ${i}, Pune`, imageUrl });
    const answers: Answer[] = [await send(url, 0)];
    for (let i = 1; i <= 3; i++) answers.push(await send(thumbOf(url), i));
    // And the other way round: a fresh photo sent first by its thumbnail.
    const second = await upload(customer.token, "#3a0");
    const byThumb = await send(thumbOf(second), 4);
    const thenMain = await send(second, 5);
    reportFinding(
      "uploadThumbnails",
      "one uploaded photo sent as a book list by its URL, then 3 times by its thumbnail's URL",
      `${answers.map((a) => a.status).join(", ")}; thumbnail first, then the photo: ${byThumb.status}, ${thenMain.status}`,
    );
    expect(answers[0]?.status).toBe(201);
    for (const a of answers.slice(1)) refusedOn(a, "imageUrl");
    expect(byThumb.status).toBe(201);
    refusedOn(thenMain, "imageUrl");
  });

  it("another account's thumbnail is refused on a book list and on the catalogue", async () => {
    const owner = await signupCustomer(shop.url, "Photo Owner");
    const thief = await signupCustomer(shop.url, "Photo Thief");
    const thumb = thumbOf(await upload(owner.token, "#a0a"));
    const onList = await thief.api.post<Answer["body"]>("/api/booklists", {
      shippingAddress: "Flat 9, Pune",
      imageUrl: thumb,
    });
    const admin = client(shop.url, await seedAdminToken(shop));
    const onProduct = await admin.post<Answer["body"]>("/api/products", { ...notebookBody, imageUrl: thumb });
    reportFinding(
      "uploadThumbnails",
      "a customer's book-list thumbnail put on another customer's book list, and on a product by an admin",
      `${onList.status}, ${onProduct.status}`,
    );
    refusedOn(onList, "imageUrl");
    expect(onList.body.errors?.[0]?.message).toBe("Use an image you uploaded");
    refusedOn(onProduct, "imageUrl");
  });
});
