import { describe, expect, it } from "vitest";
import { promotionsQueryOptions } from "../features/promotions/api/get-promotions.ts";
import { schoolsQueryOptions } from "../features/schools/api/get-schools.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { FIRST_SCREEN_ID, type FirstScreen, fillFirstScreen, readFirstScreen } from "./first-screen.ts";

const screen: FirstScreen = {
  promotions: {
    items: [
      { id: "p1", title: "Back to school", description: "10% off", imageUrl: "/media/p.png", active: true },
    ],
  },
  schools: {
    items: [
      {
        id: "s1",
        name: "Delhi Public School",
        area: "Vasant Kunj",
        district: "New Delhi",
        imageUrl: "/media/s.png",
      } as FirstScreen["schools"]["items"][number],
    ],
  },
  narrow: true,
};

const pageWith = (json: string | null): Document => {
  const doc = document.implementation.createHTMLDocument("");
  if (json !== null) {
    const script = doc.createElement("script");
    script.type = "application/json";
    script.id = FIRST_SCREEN_ID;
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
};

describe("the server's first screen in the page", () => {
  it("is read from the page's JSON element, escaped as the server writes it", () => {
    const json = JSON.stringify({ ...screen, note: "</script>" }).replace(/</g, "\\u003c");
    expect(readFirstScreen(pageWith(json))).toEqual({ ...screen, note: "</script>" });
  });

  it("is null on a page the server did not render, or with broken data", () => {
    expect(readFirstScreen(pageWith(null))).toBeNull();
    expect(readFirstScreen(pageWith("{not json"))).toBeNull();
  });

  it("fills the promotions and schools queries, fresh, with what the server rendered from", () => {
    const client = createQueryClient();
    fillFirstScreen(client, readFirstScreen(pageWith(JSON.stringify(screen))) ?? screen);
    expect(client.getQueryData(promotionsQueryOptions().queryKey)).toEqual(screen.promotions);
    expect(client.getQueryData(schoolsQueryOptions().queryKey)).toEqual(screen.schools);
    expect(client.getQueryState(schoolsQueryOptions().queryKey)?.isInvalidated).toBe(false);
    expect(
      Date.now() - (client.getQueryState(schoolsQueryOptions().queryKey)?.dataUpdatedAt ?? 0),
    ).toBeLessThan(5_000);
  });
});
