import { afterEach, describe, expect, it } from "vitest";
import { client } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { reportFinding } from "./report.ts";

/** The browser's side of `__Host-`: Secure, Path=/ and no Domain, or the cookie is dropped. */
const hostCookieProblems = (setCookie: string): string[] => {
  const [pair = "", ...attributes] = setCookie.split(";").map((part) => part.trim());
  const names = attributes.map((a) => a.split("=", 1)[0]?.toLowerCase());
  return [
    ...(pair.startsWith("__Host-session=") ? [] : [`named ${pair.split("=", 1)[0]}`]),
    ...(names.includes("secure") ? [] : ["not Secure"]),
    ...(attributes.some((a) => a.toLowerCase() === "path=/") ? [] : ["Path is not /"]),
    ...(names.includes("domain") ? ["has a Domain"] : []),
  ];
};

describe("finding 9: over HTTPS the session cookie is a __Host- cookie", () => {
  let shop: TestShop | undefined;
  afterEach(async () => {
    await shop?.destroy();
    shop = undefined;
  });

  it.each([
    ["COOKIE_SECURE=true", { COOKIE_SECURE: "true" }],
    ["PUBLIC_URL=https://…", { PUBLIC_URL: "https://shop.example" }],
  ])("names it __Host-session (Secure, Path=/, no Domain) with %s, and reads it back", async (name, env) => {
    shop = await startTestShop({ env });
    const signIn = await client(shop.url).post("/api/auth/login", {
      email: "customer@example.com",
      password: "customer-pass-1",
    });
    const setCookie = signIn.headers.get("set-cookie") ?? "";
    const problems = hostCookieProblems(setCookie);
    const cookie = setCookie.split(";", 1)[0] ?? "";
    const me = await client(shop.url).get("/api/auth/me", { cookie });
    const out = await client(shop.url).post("/api/auth/logout", undefined, {
      cookie,
      "sec-fetch-site": "same-origin",
    });
    const cleared = out.headers.get("set-cookie") ?? "";
    reportFinding(
      "hostPrefixCookie",
      `log in on a shop served over HTTPS (${name}) and read the Set-Cookie`,
      `${problems.length ? problems.join(", ") : "__Host-session, Secure, Path=/, no Domain"}; read back ${me.status}; logout clears ${cleared.split("=", 1)[0]}`,
    );
    expect(problems).toEqual([]);
    expect(me.status).toBe(200);
    expect(out.status).toBe(204);
    expect(cleared).toMatch(/^__Host-session=;/);
  });
});
