import { PROBLEM_CONTENT_TYPE } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupCustomer } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { reportFinding } from "./report.ts";

/**
 * A fresh attack on content types: the command API reads JSON only, and a body of any other type
 * (text/plain, a form, no type at all) was not read and taken for no body. PATCH /api/profile
 * with `{"name":"…"}` as text/plain answered 200 with the profile unchanged: the caller was told
 * its save went through. Other commands answered 400 'Please fill in all the fields!' for a body
 * that had every field, and a JSON body in a charset the parser does not take said only
 * 'Invalid input'. Any body that is not JSON is now 415 with a text that says what to send.
 */
describe("finding: command bodies that are not JSON", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  const send = (
    path: string,
    method: string,
    token: string | null,
    contentType: string | null,
    body: string,
  ) =>
    fetch(`${shop.url}${path}`, {
      method,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(contentType && { "content-type": contentType }),
      },
      body,
    });

  it("answers 415 'Send the body as JSON' for a body of another type, and changes nothing", async () => {
    const customer = await signupCustomer(shop.url, "Plain Text");
    const message = JSON.stringify({ name: "A", email: "a@example.com", message: "Hello" });
    const cases: [string, string, string | null, string | null, string][] = [
      ["/api/profile", "PATCH", customer.token, "text/plain", JSON.stringify({ name: "Changed Name" })],
      ["/api/profile", "PATCH", customer.token, null, JSON.stringify({ name: "Changed Name" })],
      ["/api/messages", "POST", null, "text/plain;charset=UTF-8", message],
      ["/api/messages", "POST", null, "application/x-www-form-urlencoded", "name=A&email=a%40example.com"],
      ["/api/messages", "POST", null, "application/json; charset=latin1", message],
    ];
    const before = await shop.events.headPosition();
    const answers: string[] = [];
    for (const [path, method, token, type, body] of cases) {
      const res = await send(path, method, token, type, body);
      const problem = (await res.json()) as { detail?: string };
      answers.push(`${method} ${path} as ${type ?? "no type"}: ${res.status} ${problem.detail}`);
      expect(res.headers.get("content-type"), `${method} ${path} ${type}`).toContain(PROBLEM_CONTENT_TYPE);
      expect({ status: res.status, detail: problem.detail }, `${method} ${path} ${type}`).toEqual({
        status: 415,
        detail: "Send the body as JSON (Content-Type: application/json)",
      });
    }
    expect(await shop.events.headPosition()).toBe(before);
    const me = await customer.api.get<{ user: { name: string } }>("/api/auth/me");
    expect(me.body.user.name).toBe("Plain Text");

    // JSON still works, and so do commands without a body and uploads (multipart).
    const saved = await customer.api.patch<{ user: { name: string } }>("/api/profile", { name: "Json Name" });
    expect(saved.status).toBe(200);
    expect(saved.body.user.name).toBe("Json Name");
    const form = new FormData();
    form.set("folder", "bookList");
    const upload = await fetch(`${shop.url}/api/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${customer.token}` },
      body: form,
    });
    expect(upload.status).toBe(400);
    expect(((await upload.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(
      "Choose an image",
    );
    const logout = await customer.api.post("/api/auth/logout");
    expect(logout.status).toBe(204);

    reportFinding(
      "non-JSON command bodies",
      "send JSON as text/plain, a form or in latin1 to PATCH /api/profile and POST /api/messages",
      answers.join("; "),
    );
  });
});
