import { Texts } from "@shop/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { schoolsQueryOptions } from "../features/schools/api/get-schools.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { mockApi } from "../testing/fetch-mock.ts";
import { startFirstPage } from "./first-page.ts";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("the home page's first data", () => {
  afterEach(() => {
    delete window.__firstRequests;
  });

  it("takes the answers index.html's script already asked for, without asking again", async () => {
    const school = { id: "s1", name: "Delhi Public School", imageUrl: "/media/schools/dps.png" };
    window.__firstRequests = {
      "/api/promotions": Promise.resolve(json({ items: [] })),
      "/api/schools": Promise.resolve(json({ items: [school] })),
    };
    const calls = mockApi({});
    const client = createQueryClient();
    startFirstPage("/", client);
    const schools = await client.fetchQuery(schoolsQueryOptions());
    expect(schools.items).toEqual([school]);
    expect(calls.calls).toHaveLength(0);
    expect(window.__firstRequests).toEqual({});
  });

  it("reads a failed early answer as the API client would: the spec's words, and a retry asks afresh", async () => {
    window.__firstRequests = {
      "/api/promotions": Promise.resolve(json({ items: [] })),
      "/api/schools": Promise.resolve(json({ detail: "boom" }, 500)),
    };
    const calls = mockApi({ "GET /api/schools": { body: { items: [] } } });
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { retry: false } });
    startFirstPage("/", client);
    const error = await client.fetchQuery(schoolsQueryOptions()).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, detail: Texts.failedToFetch });
    await client.refetchQueries({ queryKey: schoolsQueryOptions().queryKey });
    expect(calls.callsTo("GET", "/api/schools")).toHaveLength(1);
  });

  it("asks nothing ahead on any other page", () => {
    const calls = mockApi({});
    const client = createQueryClient();
    startFirstPage("/cart", client);
    expect(calls.calls).toHaveLength(0);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
