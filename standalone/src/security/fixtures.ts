import { randomUUID } from "node:crypto";
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page, Product } from "@shop/contracts";
import { client, login, signupCustomer } from "../testing/client.ts";
import type { TestShop } from "../testing/testShop.ts";

export type Role = "anonymous" | "owner" | "other" | "delivery" | "admin";
export const ROLES: Role[] = ["anonymous", "owner", "other", "delivery", "admin"];

export interface Fixtures {
  productId: string;
  schoolId: string;
  promotionId: string;
  orderId: string;
  bookListId: string;
  /** Whose role the role row changes: the fixture's owner, fresh each call. */
  userId: string;
  ownerToken: string;
  /** The seeded admin's session, used to build fixtures (never the caller under test). */
  adminToken: string;
}

export const IMAGE = "/media/stationeries/demo-natraj-pencils.png";
export const BOOKLIST_IMAGE = "/media/bookList/security-list.png";

export const placeBookListImage = (shop: TestShop) => {
  const media = join(shop.dataDir, "media");
  mkdirSync(join(media, "bookList"), { recursive: true });
  copyFileSync(
    join(media, "stationeries", "demo-natraj-pencils.png"),
    join(media, "bookList", "security-list.png"),
  );
};

export const notebookBody = {
  kind: "notebook",
  title: "Matrix Notebook",
  author: "Classmate",
  publisher: "ITC",
  publishedOn: "2025",
  edition: "1",
  language: "English",
  pricePaise: 5000,
  discountPaise: 0,
  description: "For the authorisation matrix",
  imageUrl: IMAGE,
};
export const schoolBody = {
  name: "Matrix School",
  imageUrl: IMAGE,
  location: "Main Road",
  area: "Kothrud",
  district: "Pune",
  state: "Maharashtra",
  pincode: 411038,
  board: "CBSE",
  medium: "English",
};
export const promotionBody = { title: "Matrix promotion", description: "For the matrix", imageUrl: IMAGE };

/** Fresh resources for one call: a destructive row never leaks into the next. */
export const makeFixtures = async (shop: TestShop, adminToken: string): Promise<Fixtures> => {
  const admin = { api: client(shop.url, adminToken) };
  const owner = await signupCustomer(shop.url, "Matrix Owner");
  const productId = (await admin.api.post<{ id: string }>("/api/products", notebookBody)).body.id;
  const schoolId = (await admin.api.post<{ id: string }>("/api/schools", schoolBody)).body.id;
  const promotionId = (await admin.api.post<{ id: string }>("/api/promotions", promotionBody)).body.id;
  const orderId = randomUUID();
  await owner.api.post("/api/orders", {
    orderId,
    items: [{ productId, quantity: 1 }],
    shippingAddress: "Pune",
  });
  await owner.api.post("/api/cart/items", { productId });
  const bookListId = (
    await owner.api.post<{ id: string }>("/api/booklists", {
      shippingAddress: "Pune",
      imageUrl: BOOKLIST_IMAGE,
    })
  ).body.id;
  return {
    productId,
    schoolId,
    promotionId,
    orderId,
    bookListId,
    userId: owner.user.id,
    ownerToken: owner.token,
    adminToken,
  };
};

/** A fresh account of the role for one call: no session, cart or revocation is shared between calls. */
export const sessionFor = async (shop: TestShop, role: Role, f: Fixtures): Promise<string | undefined> => {
  if (role === "anonymous") return undefined;
  if (role === "owner") return f.ownerToken;
  const fresh = await signupCustomer(shop.url, `Matrix ${role}`);
  if (role === "other") return fresh.token;
  await client(shop.url, f.adminToken).put(`/api/users/${fresh.user.id}/role`, {
    accType: role === "admin" ? 1 : 2,
  });
  return fresh.token;
};

/** Names rows with `:id` where a fixture id goes. */
export const seedAdminToken = async (shop: TestShop) =>
  (await login(shop.url, "admin@example.com", "admin-pass-1")).token;

export const placeholderIds = new Proxy({} as Fixtures, { get: () => ":id" });

export const anyProduct = async (shop: TestShop): Promise<Product> =>
  (await client(shop.url).get<Page<Product>>("/api/products?kind=notebook&limit=1")).body.items[0] as Product;

/** A customer's order of one `productId`, placed through the API (throws unless 201); its id. */
export const placeOneOrder = async (customer: { api: ReturnType<typeof client> }, productId: string) => {
  const orderId = randomUUID();
  const placed = await customer.api.post("/api/orders", {
    orderId,
    items: [{ productId, quantity: 1 }],
    shippingAddress: "Pune",
  });
  if (placed.status !== 201)
    throw new Error(`order not placed: ${placed.status} ${JSON.stringify(placed.body)}`);
  return orderId;
};
