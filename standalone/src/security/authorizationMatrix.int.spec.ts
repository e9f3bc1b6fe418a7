import { randomUUID } from "node:crypto";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "../testing/testShop.ts";
import {
  BOOKLIST_IMAGE,
  type Fixtures,
  makeFixtures,
  notebookBody,
  placeBookListImage,
  placeholderIds,
  promotionBody,
  ROLES,
  type Role,
  schoolBody,
  seedAdminToken,
  sessionFor,
} from "./fixtures.ts";

type Expect = [anonymous: number, owner: number, other: number, delivery: number, admin: number];
interface Row {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: (f: Fixtures) => string;
  body?: (f: Fixtures) => unknown;
  expect: Expect;
}

const PUBLIC: Expect = [200, 200, 200, 200, 200];
const LOGIN: Expect = [401, 200, 200, 200, 200];
const ADMIN: Expect = [401, 403, 403, 403, 200];
const ADMIN_CREATES: Expect = [401, 403, 403, 403, 201];
const STAFF_READS: Expect = [401, 403, 403, 200, 200];
const READERS_OF_ORDER: Expect = [401, 200, 403, 200, 200];

/** ARCHITECTURE §8 / spec §6, one row per endpoint of API.md (uploads have their own role × folder spec). */
const MATRIX: Row[] = [
  { method: "GET", path: () => "/api/auth/me", expect: LOGIN },
  { method: "GET", path: () => "/api/auth/session", expect: PUBLIC },
  { method: "GET", path: () => "/api/promotions", expect: PUBLIC },
  { method: "GET", path: () => "/api/promotions?all=true", expect: ADMIN },
  { method: "GET", path: () => "/api/schools", expect: PUBLIC },
  { method: "GET", path: (f) => `/api/schools/${f.schoolId}`, expect: PUBLIC },
  { method: "GET", path: (f) => `/api/schools/${f.schoolId}/books?class=8`, expect: PUBLIC },
  { method: "GET", path: () => "/api/products?kind=notebook", expect: PUBLIC },
  { method: "GET", path: (f) => `/api/products/${f.productId}`, expect: PUBLIC },
  { method: "GET", path: () => "/api/search?q=class", expect: PUBLIC },
  { method: "GET", path: () => "/api/cart", expect: LOGIN },
  { method: "GET", path: () => "/api/orders", expect: LOGIN },
  { method: "GET", path: () => "/api/orders?scope=all", expect: STAFF_READS },
  {
    method: "GET",
    path: (f) => `/api/orders?scope=all&status=1&from=2020-01-01&school=${f.schoolId}&customer=a`,
    expect: STAFF_READS,
  },
  { method: "GET", path: () => "/api/orders/changes?since=0", expect: STAFF_READS },
  { method: "GET", path: () => "/api/orders/export.csv", expect: ADMIN },
  { method: "GET", path: () => "/api/orders/export.csv?status=1&customer=a", expect: ADMIN },
  { method: "GET", path: (f) => `/api/orders/${f.orderId}`, expect: READERS_OF_ORDER },
  { method: "GET", path: (f) => `/api/orders/${f.orderId}/events`, expect: ADMIN },
  { method: "GET", path: () => "/api/messages", expect: ADMIN },
  { method: "GET", path: () => "/api/booklists", expect: ADMIN },
  { method: "GET", path: () => "/api/users", expect: ADMIN },
  { method: "GET", path: () => "/api/dashboard", expect: ADMIN },
  { method: "POST", path: () => "/api/auth/logout", expect: [401, 204, 204, 204, 204] },
  { method: "PATCH", path: () => "/api/profile", body: () => ({ address: "New address" }), expect: LOGIN },
  { method: "POST", path: () => "/api/schools", body: () => schoolBody, expect: ADMIN_CREATES },
  { method: "PUT", path: (f) => `/api/schools/${f.schoolId}`, body: () => schoolBody, expect: ADMIN },
  { method: "DELETE", path: (f) => `/api/schools/${f.schoolId}`, expect: ADMIN },
  { method: "POST", path: () => "/api/products", body: () => notebookBody, expect: ADMIN_CREATES },
  { method: "PUT", path: (f) => `/api/products/${f.productId}`, body: () => notebookBody, expect: ADMIN },
  { method: "DELETE", path: (f) => `/api/products/${f.productId}`, expect: ADMIN },
  { method: "POST", path: () => "/api/promotions", body: () => promotionBody, expect: ADMIN_CREATES },
  {
    method: "PUT",
    path: (f) => `/api/promotions/${f.promotionId}`,
    body: () => promotionBody,
    expect: ADMIN,
  },
  {
    method: "PUT",
    path: (f) => `/api/promotions/${f.promotionId}/active`,
    body: () => ({ active: false }),
    expect: ADMIN,
  },
  { method: "DELETE", path: (f) => `/api/promotions/${f.promotionId}`, expect: ADMIN },
  { method: "POST", path: () => "/api/cart/items", body: (f) => ({ productId: f.productId }), expect: LOGIN },
  {
    method: "PATCH",
    path: (f) => `/api/cart/items/${f.productId}`,
    body: () => ({ quantity: 0 }),
    expect: LOGIN,
  },
  { method: "DELETE", path: (f) => `/api/cart/items/${f.productId}`, expect: LOGIN },
  {
    method: "POST",
    path: () => "/api/cart/checkout",
    body: () => ({ orderId: randomUUID(), shippingAddress: "Pune" }),
    // The owner's cart holds the fixture's line; everyone else's is empty.
    expect: [401, 201, 409, 409, 409],
  },
  {
    method: "POST",
    path: () => "/api/orders",
    body: (f) => ({
      orderId: randomUUID(),
      items: [{ productId: f.productId, quantity: 1 }],
      shippingAddress: "Pune",
    }),
    expect: [401, 201, 201, 201, 201],
  },
  {
    method: "PUT",
    path: (f) => `/api/orders/${f.orderId}/status`,
    body: () => ({ status: 2 }),
    expect: ADMIN,
  },
  { method: "POST", path: (f) => `/api/orders/${f.orderId}/delivery-otp`, expect: [401, 403, 403, 202, 202] },
  {
    method: "POST",
    path: (f) => `/api/orders/${f.orderId}/delivery-confirmation`,
    body: () => ({ otp: "000000" }),
    expect: [401, 403, 403, 422, 422],
  },
  {
    method: "POST",
    path: () => "/api/messages",
    body: () => ({ name: "Matrix", email: "m@example.com", message: "Hello" }),
    expect: [201, 201, 201, 201, 201],
  },
  {
    method: "POST",
    path: () => "/api/booklists",
    body: () => ({ shippingAddress: "Pune", imageUrl: BOOKLIST_IMAGE }),
    expect: [401, 201, 201, 201, 201],
  },
  {
    method: "POST",
    path: (f) => `/api/booklists/${f.bookListId}/orders`,
    body: (f) => ({ orderId: randomUUID(), items: [{ productId: f.productId, quantity: 1 }] }),
    expect: ADMIN_CREATES,
  },
  { method: "DELETE", path: (f) => `/api/booklists/${f.bookListId}`, expect: ADMIN },
  { method: "PUT", path: (f) => `/api/users/${f.userId}/role`, body: () => ({ accType: 2 }), expect: ADMIN },
];

describe("authorisation matrix: every endpoint × every role", () => {
  let shop: TestShop;
  let adminToken = "";
  beforeAll(async () => {
    shop = await startTestShop({ env: { RATE_LIMIT_SIGNUP: "100000", RATE_LIMIT_OTP_SEND: "100000" } });
    placeBookListImage(shop);
    adminToken = await seedAdminToken(shop);
  });
  afterAll(() => shop.destroy());

  it.each(MATRIX.map((row) => [`${row.method} ${row.path(placeholderIds)}`, row] as const))(
    "%s",
    async (_name, row) => {
      // Each role gets its own fresh fixtures, so the five calls can run at once.
      const got = await Promise.all(
        ROLES.map(async (role) => {
          const f = await makeFixtures(shop, adminToken);
          const token = await sessionFor(shop, role, f);
          const res = await fetch(`${shop.url}${row.path(f)}`, {
            method: row.method,
            headers: {
              ...(token && { authorization: `Bearer ${token}` }),
              ...(row.body && { "content-type": "application/json" }),
            },
            ...(row.body && { body: JSON.stringify(row.body(f)) }),
          });
          return res.status;
        }),
      );
      expect(Object.fromEntries(ROLES.map((r, i) => [r, got[i]]))).toEqual(
        Object.fromEntries(ROLES.map((r, i) => [r, row.expect[i]])),
      );
    },
  );

  it("order.watch: the order's customer and staff may watch it; other customers and anonymous sockets may not", async () => {
    const f = await makeFixtures(shop, adminToken);
    const answers: Record<string, unknown> = {};
    for (const role of ROLES) {
      const token = await sessionFor(shop, role as Role, f);
      const socket = io(shop.url, {
        transports: ["websocket"],
        reconnection: false,
        ...(token && { auth: { token } }),
      });
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", resolve);
        socket.once("connect_error", reject);
      });
      answers[role] = (
        (await socket.emitWithAck("order.watch", { orderId: f.orderId })) as { ok: boolean }
      ).ok;
      socket.close();
    }
    expect(answers).toEqual({ anonymous: false, owner: true, other: false, delivery: true, admin: true });
    console.log(
      `authorisation matrix: ${MATRIX.length} endpoints × ${ROLES.length} roles + order.watch × ${ROLES.length}`,
    );
  });
});
