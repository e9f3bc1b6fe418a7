import { describe, expect, it } from "vitest";
import { useReadPosition } from "../stores/read-position.ts";
import { useSession } from "../stores/session.ts";
import { mockApi, problem } from "../testing/fetch-mock.ts";
import { aUser } from "../testing/fixtures.ts";
import { ApiError, api, waitText } from "./api-client.ts";

describe("api client", () => {
  it("turns a problem document into an ApiError", async () => {
    mockApi({ "POST /api/orders": problem(409, "Prices changed", { payablePaise: 4_700 }) });
    const error = await api.post("/api/orders", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, detail: "Prices changed", errors: [], payablePaise: 4_700 });
  });

  it("keeps field errors", async () => {
    const errors = [{ path: "email", message: "Invalid email" }];
    mockApi({ "POST /api/auth/signup": problem(400, "Invalid input", { errors }) });
    await expect(api.post("/api/auth/signup", {})).rejects.toMatchObject({ detail: "Invalid input", errors });
  });

  it("sends the highest position of the user's commands on later queries", async () => {
    let position = "9";
    const calls = mockApi({
      "POST /api/cart/items": () => ({ body: { position } }),
      "GET /api/cart": { body: { items: [] } },
    });
    await api.get("/api/cart");
    expect(calls.calls[0]?.headers.get("X-Min-Position")).toBeNull();

    await api.post("/api/cart/items", {});
    position = "10";
    await api.post("/api/cart/items", {});
    position = "2";
    await api.post("/api/cart/items", {});
    expect(useReadPosition.getState().minPosition).toBe("10");

    await api.get("/api/cart");
    expect(calls.callsTo("GET", "/api/cart")[1]?.headers.get("X-Min-Position")).toBe("10");
    expect(calls.callsTo("POST", "/api/cart/items")[0]?.headers.get("X-Min-Position")).toBeNull();
  });

  it("clears the stored user when the server says the session is gone", async () => {
    useSession.getState().setUser(aUser());
    mockApi({ "GET /api/auth/me": problem(401, "Login First!") });
    await expect(api.get("/api/auth/me")).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().user).toBeNull();
    expect(localStorage.getItem("currentUser")).toBeNull();
  });

  it("reports a network failure as status 0", async () => {
    mockApi({}).fetchMock.mockRejectedValueOnce(new TypeError("fetch failed"));
    await expect(api.get("/api/products")).rejects.toMatchObject({ status: 0, detail: "Failed to fetch!" });
  });

  it("says how long to wait after too many tries (Retry-After)", async () => {
    mockApi({
      "POST /api/auth/login": {
        ...problem(429, "Too many login attempts"),
        headers: { "content-type": "application/problem+json", "retry-after": "840" },
      },
    });
    await expect(api.post("/api/auth/login", {})).rejects.toMatchObject({
      status: 429,
      detail: "Too many login attempts. Please try again in 14 minutes.",
      retryAfterSeconds: 840,
    });
    expect(waitText(30)).toBe("30 seconds");
    expect(waitText(60)).toBe("1 minute");
    expect(waitText(3600)).toBe("1 hour");
  });

  it("shows the spec's 'Failed to fetch!' for a server fault, never the server's text", async () => {
    mockApi({
      "GET /api/products": {
        status: 500,
        body: "TypeError: Cannot read properties of undefined (reading 'x') at /app/query-api/src/x.ts:1",
        headers: { "content-type": "text/plain" },
      },
      "GET /api/orders": problem(500, "Internal Server Error"),
    });
    await expect(api.get("/api/products")).rejects.toMatchObject({ status: 500, detail: "Failed to fetch!" });
    await expect(api.get("/api/orders")).rejects.toMatchObject({ status: 500, detail: "Failed to fetch!" });
  });
});
