import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../testing/fetch-mock.ts";
import { aProduct, aUser } from "../../testing/fixtures.ts";
import { renderApp } from "../../testing/render.tsx";

const quietHome = () =>
  mockApi({
    "GET /api/promotions": { body: { items: [] } },
    "GET /api/schools": { body: { items: [] } },
    "GET /api/products": { body: { items: [] } },
    "GET /api/search": { body: { schools: [], products: [] } },
  });

describe("navigation bar", () => {
  it("offers Sign up to a visitor, and no cart or profile", async () => {
    quietHome();
    renderApp("/");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Vidya School Books" })).toHaveAttribute("href", "/");
    expect(within(nav).getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup");
    expect(within(nav).getByRole("link", { name: "Upload Booklist" })).toHaveAttribute(
      "href",
      "/uploadBookList",
    );
    expect(within(nav).queryByRole("link", { name: "Cart" })).not.toBeInTheDocument();
  });

  it("shows cart and profile icons and the user's name when logged in", async () => {
    quietHome();
    renderApp("/", { user: aUser() });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Cart" })).toHaveAttribute("href", "/cart");
    expect(within(nav).getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile");
    expect(within(nav).getByTestId("user-name")).toHaveTextContent("Asha Rao");
    expect(within(nav).queryByRole("link", { name: "Sign up" })).not.toBeInTheDocument();
  });

  it("searches from the bar and from the mobile box", async () => {
    const api = quietHome();
    const { router } = renderApp("/");
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "maths{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/search/maths"));
    await user.type(screen.getByRole("searchbox", { name: "Mobile search" }), "kendriya{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/search/kendriya"));
    await waitFor(() => expect(api.calls.some((c) => c.url.includes("q=kendriya"))).toBe(true));
  });

  it("opens the side menu with Delivery only for staff", async () => {
    quietHome();
    renderApp("/", { user: aUser() });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = await screen.findByRole("navigation", { name: "Menu" });
    const labels = within(menu)
      .getAllByRole("link")
      .map((a) => a.textContent);
    expect(labels).toEqual(["Home", "Orders", "Cart", "Profile", "Contact", "Upload Booklist"]);
    expect(within(menu).getByRole("button", { name: "Logout" })).toBeInTheDocument();
  });

  it("lists Delivery for delivery staff and Login for visitors", async () => {
    quietHome();
    renderApp("/", { user: aUser({ accType: 2 }) });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = await screen.findByRole("navigation", { name: "Menu" });
    expect(within(menu).getByRole("link", { name: "Delivery" })).toHaveAttribute("href", "/delivery");
  });

  it("shows Login in the side menu to a visitor", async () => {
    quietHome();
    renderApp("/");
    await userEvent.setup().click(screen.getByRole("button", { name: "Open menu" }));
    const menu = await screen.findByRole("navigation", { name: "Menu" });
    expect(within(menu).getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(within(menu).queryByRole("link", { name: "Delivery" })).not.toBeInTheDocument();
    // A list holds only list items (axe 'list'): no separator <li> before Login.
    const list = within(menu).getByRole("list");
    expect(within(list).getAllByRole("listitem")).toHaveLength(list.children.length);
  });
});

describe("issue 18: the bar by role, the cart count, the name on a phone", () => {
  it("gives admins a menu entry to the admin area and delivery staff one to theirs", async () => {
    quietHome();
    renderApp("/", { user: aUser({ accType: 1 }) });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = await screen.findByRole("navigation", { name: "Menu" });
    expect(within(menu).getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
    expect(within(menu).getByRole("link", { name: "Delivery" })).toHaveAttribute("href", "/delivery");
  });

  it("gives a customer neither the admin nor the delivery entry", async () => {
    quietHome();
    renderApp("/", { user: aUser({ accType: 3 }) });
    await userEvent.setup().click(screen.getByRole("button", { name: "Open menu" }));
    const menu = await screen.findByRole("navigation", { name: "Menu" });
    expect(within(menu).queryByRole("link", { name: "Admin" })).not.toBeInTheDocument();
    expect(within(menu).queryByRole("link", { name: "Delivery" })).not.toBeInTheDocument();
  });

  it("shows how many items the cart holds on the cart icon", async () => {
    mockApi({
      "GET /api/promotions": { body: { items: [] } },
      "GET /api/schools": { body: { items: [] } },
      "GET /api/products": { body: { items: [] } },
      "GET /api/cart": {
        body: {
          items: [
            { productId: "a", quantity: 2, product: aProduct({ id: "a" }) },
            { productId: "b", quantity: 1, product: aProduct({ id: "b" }) },
          ],
          totals: { pricePaise: 0, discountPaise: 0, shippingPaise: 0, payablePaise: 0 },
        },
      },
    });
    renderApp("/", { user: aUser() });
    const nav = screen.getByRole("navigation", { name: "Main" });
    const cart = within(nav).getByRole("link", { name: "Cart" });
    expect(cart).toHaveAttribute("href", "/cart");
    expect(await within(nav).findByTestId("cart-count")).toHaveTextContent("3");
    expect(cart).toHaveAccessibleDescription("3 items");
  });

  it("keeps the whole name in the text and the tooltip, hiding all but the first name on a phone", () => {
    quietHome();
    renderApp("/", { user: aUser({ name: "Venkatanarasimha Subrahmanyam Iyengar" }) });
    const name = within(screen.getByRole("navigation", { name: "Main" })).getByTestId("user-name");
    expect(name).toHaveTextContent("Venkatanarasimha Subrahmanyam Iyengar");
    expect(name).toHaveAttribute("title", "Venkatanarasimha Subrahmanyam Iyengar");
    expect(name.firstChild?.textContent).toBe("Venkatanarasimha");
  });
});

describe("footer", () => {
  it("shows the shop's address, e-mail and phone, and links everything to the cart", async () => {
    quietHome();
    renderApp("/");
    const footer = await screen.findByRole("contentinfo");
    expect(footer).toHaveTextContent("14 MG Road, Shivajinagar, Bengaluru, Karnataka 560001, India");
    expect(within(footer).getByRole("link", { name: "support@vidyabooks.example" })).toHaveAttribute(
      "href",
      "mailto:support@vidyabooks.example",
    );
    expect(within(footer).getByRole("link", { name: "+91 80 4123 4567" })).toHaveAttribute(
      "href",
      "tel:+918041234567",
    );
    const links = within(within(footer).getByRole("list", { name: "Footer links" })).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual([
      "Careers",
      "Stores",
      "Terms",
      "Privacy",
      "Help",
      "How to Buy",
      "Track Order",
      "Returns",
    ]);
    for (const l of links) expect(l).toHaveAttribute("href", "/cart");
  });
});
