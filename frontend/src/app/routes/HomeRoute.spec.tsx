import type { Promotion, School } from "@shop/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { mockApi } from "../../testing/fetch-mock.ts";
import { aProduct, aUser } from "../../testing/fixtures.ts";
import { renderApp } from "../../testing/render.tsx";

const promo = (id: string, title: string): Promotion => ({
  id,
  title,
  description: `${title} description`,
  imageUrl: `/media/promotions/${id}.png`,
  redirectUrl: "/stationeries",
  active: true,
});

const school = (n: number): School => ({
  id: `s${n}`,
  name: `School ${n}`,
  imageUrl: `/media/schools/s${n}.png`,
  location: "MG Road",
  area: "Area",
  district: "Pune",
  state: "Maharashtra",
  pincode: 411001,
  board: "CBSE",
  medium: "English",
});

const home = (
  promotions: Promotion[],
  schools: School[] = [school(1), school(2), school(3), school(4), school(5)],
) =>
  mockApi({
    "GET /api/promotions": { body: { items: promotions } },
    "GET /api/schools": { body: { items: schools } },
    "GET /api/products": { body: { items: [aProduct({ id: "b8", title: "Science Class 8" })] } },
  });

describe("home page", () => {
  // What lies below the first screen is a lazy chunk: transformed here, once, rather than inside the
  // first test's timeout (on a busy machine that takes seconds).
  beforeAll(async () => {
    await import("./HomeBelowTheFold.tsx");
  }, 60_000);

  it("shows the categories, chat link, schools, cards, trending class 8 books and the blurbs", async () => {
    const api = home([promo("p1", "Back to School Sale"), promo("p2", "Stationery Week")]);
    renderApp("/");

    const categories = await screen.findByRole("navigation", { name: "Categories" });
    for (const c of ["JEE Exam", "NEET Exam", "SSC Railways", "Competitive Exam", "All Stationary"])
      expect(within(categories).getByText(c)).toBeInTheDocument();
    expect(
      within(categories)
        .queryAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual(["Chat with us"]);
    const chat = within(categories).getByRole("link", { name: "Chat with us" });
    expect(chat.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/918041234567\?text=Hello/);

    const carousel = await screen.findByRole("region", { name: "Promotions" });
    expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    expect(within(carousel).getByRole("link", { name: /^Back to School Sale/ })).toHaveAttribute(
      "href",
      "/stationeries",
    );

    const schools = await screen.findByRole("region", { name: "Schools" });
    expect(await within(schools).findByRole("link", { name: /School 1/ })).toHaveAttribute(
      "href",
      "/school/s1",
    );

    // Below the first screen: rendered once that has painted.
    const cards = await screen.findByRole("region", { name: "Notebooks and Stationery" });
    expect(within(cards).getByRole("link", { name: /Notebooks/ })).toHaveAttribute("href", "/notebooks");
    expect(within(cards).getByRole("link", { name: /^Stationery/ })).toHaveAttribute("href", "/stationeries");

    const trending = screen.getByRole("region", { name: "Trending Books" });
    expect(await within(trending).findByText("Science Class 8")).toBeInTheDocument();
    expect(within(trending).getByRole("link", { name: "View More" })).toHaveAttribute(
      "href",
      "/viewallBooks",
    );
    const productsCall = api.callsTo("GET", "/api/products")[0];
    expect(new URL(productsCall?.url ?? "", "http://x").searchParams.get("kind")).toBe("book");
    expect(new URL(productsCall?.url ?? "", "http://x").searchParams.get("class")).toBe("8");

    for (const b of ["Nation Wide Delivery", "Safe Payment", "Shop With Confidence", "24/7 Support"])
      expect(screen.getByRole("heading", { name: b })).toBeInTheDocument();
  }, 15_000); // the file's first render, through cold modules: seconds on a busy machine

  it("has one main heading, the shop's name, drawn for screen readers only (axe page-has-heading-one)", async () => {
    home([promo("p1", "Back to School Sale")]);
    renderApp("/");
    const [h1, ...others] = await screen.findAllByRole("heading", { level: 1 });
    expect(others).toEqual([]);
    expect(h1).toHaveTextContent("Vidya School Books");
    expect(h1).toHaveClass("fs-visually-hidden");
  });

  it("shows each trending title once, naming its school and class", async () => {
    const book = (id: string, title: string, n: number) =>
      aProduct({ id, title, schoolId: `s${n}`, schoolName: `School ${n}` });
    mockApi({
      "GET /api/promotions": { body: { items: [] } },
      "GET /api/schools": { body: { items: [school(1), school(2)] } },
      "GET /api/products": {
        body: {
          items: [
            book("e1", "English Class 8", 1),
            book("e2", "English Class 8", 2),
            book("m1", "Mathematics Class 8", 1),
            book("m2", "Mathematics Class 8", 2),
          ],
        },
      },
    });
    renderApp("/");
    const trending = await screen.findByRole("region", { name: "Trending Books" });
    expect(await within(trending).findByText("English Class 8")).toBeInTheDocument();
    const cards = within(trending).getAllByTestId("product-card");
    expect(cards.map((c) => within(c).getByRole("heading").getAttribute("title"))).toEqual([
      "English Class 8",
      "Mathematics Class 8",
    ]);
    expect(cards.map((c) => within(c).getByTestId("book-place").textContent)).toEqual([
      "School 1 · Class 8",
      "School 2 · Class 8",
    ]);
  });

  it("renders the first screen first: what lies below it only once that has painted", async () => {
    home([promo("p1", "Back to School Sale")]);
    renderApp("/");
    // The first commit: the first screen, nothing below it.
    expect(screen.getByRole("navigation", { name: "Categories" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Schools" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Trending Books" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Why shop with us" })).not.toBeInTheDocument();
    // After the next frame.
    expect(await screen.findByRole("region", { name: "Trending Books" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Why shop with us" })).toBeInTheDocument();
  });

  it("shows a single promotion as a plain banner, not a carousel", async () => {
    home([promo("p1", "Back to School Sale")]);
    renderApp("/");
    expect(await screen.findByRole("link", { name: /^Back to School Sale/ })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Promotions" })).not.toBeInTheDocument();
  });

  it("shows three schools at a time when there are exactly three", async () => {
    home([], [school(1), school(2), school(3)]);
    renderApp("/");
    const schools = await screen.findByRole("region", { name: "Schools" });
    await within(schools).findByRole("link", { name: /School 3/ });
    // All three fit: no arrows, no slide hidden.
    expect(within(schools).queryByRole("button", { name: "Next slide" })).not.toBeInTheDocument();
    expect(
      within(schools)
        .getAllByRole("group", { hidden: true })
        .every((g) => g.getAttribute("aria-hidden") === "false"),
    ).toBe(true);
  });

  it("answers Add to Cart from a logged-out visitor with 'Login First!'", async () => {
    const api = home([]);
    renderApp("/");
    const trending = await screen.findByRole("region", { name: "Trending Books" });
    await userEvent.setup().click(await within(trending).findByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByText("Login First!")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/cart/items")).toHaveLength(0);
  });

  it("adds to the cart for a logged-in user", async () => {
    const api = home([]);
    api.fetchMock.mockClear();
    const cart = mockApi({
      "GET /api/promotions": { body: { items: [] } },
      "GET /api/schools": { body: { items: [] } },
      "GET /api/products": { body: { items: [aProduct({ id: "b8", title: "Science Class 8" })] } },
      "POST /api/cart/items": { body: { position: "5" } },
    });
    renderApp("/", { user: aUser() });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByText("Added to Cart!")).toBeInTheDocument();
    await waitFor(() =>
      expect(cart.callsTo("POST", "/api/cart/items")[0]?.body).toEqual({ productId: "b8", quantity: 1 }),
    );
  });
});
