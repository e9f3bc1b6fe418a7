import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login, signupCustomer } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { reportFinding } from "./report.ts";

interface Me {
  user: { id: string; accType: number };
}

describe("finding 24: an admin can take away their own role, the server lets the screen's rule go", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it("refuses a change of the caller's own role with 403; another admin still changes it", async () => {
    // The demo shop's only admin: demoting themselves would leave the shop with none.
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const own = await admin.api.put<{ detail: string }>(`/api/users/${admin.user.id}/role`, { accType: 2 });
    expect(own.status).toBe(403);
    expect(own.body.detail).toBe("You cannot change your own role");
    expect((await admin.api.get<Me>("/api/auth/me")).body.user.accType).toBe(1);

    // A second admin may change the first one's role, and the first one theirs back.
    const second = await signupCustomer(shop.url, "Second Admin");
    expect((await admin.api.put(`/api/users/${second.user.id}/role`, { accType: 1 })).status).toBe(200);
    const promoted = await login(shop.url, second.email, "a-long-password");
    expect((await promoted.api.put(`/api/users/${admin.user.id}/role`, { accType: 2 })).status).toBe(200);
    expect((await admin.api.get<Me>("/api/auth/me")).body.user.accType).toBe(2);
    reportFinding(
      "24 own role",
      "the only admin sets their own role to delivery",
      `${own.status} ${own.body.detail}`,
    );
  });
});
