import type { Product } from "@shop/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, problem } from "../../../testing/fetch-mock.ts";
import { aProduct, aUser } from "../../../testing/fixtures.ts";
import { renderApp } from "../../../testing/render.tsx";
import { mockUpload, pngFile } from "../../../testing/uploads.ts";

const admin = aUser({ accType: 1 });
const school = {
  id: "58dd6465-0383-5b2a-9d3a-9289e0c5de98",
  name: "Delhi Public School Pune",
  imageUrl: "/media/schools/dps.png",
  location: "Mahammadwadi",
  area: "Hadapsar",
  district: "Pune",
  state: "Maharashtra",
  pincode: 411060,
  board: "CBSE",
  medium: "English",
};
const book = aProduct({
  schoolId: school.id,
  subject: "Maths",
  class: 8,
  pricePaise: 25_000,
  discountPaise: 2_500,
});

const typeBook = async (user: ReturnType<typeof userEvent.setup>, form: HTMLElement) => {
  const f = within(form);
  await user.type(f.getByLabelText("Title"), "Science Class 9");
  await user.type(f.getByLabelText("Author"), "NCERT");
  await user.type(f.getByLabelText("Publication"), "NCERT");
  await user.type(f.getByLabelText("Publication Date"), "2024-04-01");
  await user.type(f.getByLabelText("Edition"), "2024");
  await user.type(f.getByLabelText("Language"), "English");
  await user.selectOptions(f.getByLabelText("School"), school.name);
  await user.type(f.getByLabelText("Subject"), "Science");
  await user.selectOptions(f.getByLabelText("Class"), "Class 9");
  await user.type(f.getByLabelText("Price (₹)"), "199.50");
  await user.type(f.getByLabelText("Description"), "The science textbook.");
};

describe("Add School Books", () => {
  it("says 'Missing Some Data' when a field or the image is missing", async () => {
    const api = mockApi({ "GET /api/schools": { body: { items: [school] } } });
    renderApp("/admin/addSchoolBooks", { user: admin });
    const user = userEvent.setup();
    const form = await screen.findByRole("form", { name: "Add School Books" });
    await typeBook(user, form);
    await user.click(within(form).getByRole("button", { name: "Add Book" }));
    expect(await screen.findByText("Missing Some Data")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/products")).toHaveLength(0);
  });

  it("marks each missing field after 'Missing Some Data', and clears the marks once filled", async () => {
    const api = mockApi({
      "GET /api/schools": { body: { items: [school] } },
      "POST /api/products": { status: 201, body: { id: "p1", position: "9" } },
    });
    renderApp("/admin/addSchoolBooks", { user: admin });
    const user = userEvent.setup();
    const form = await screen.findByRole("form", { name: "Add School Books" });
    const f = within(form);
    await user.type(f.getByLabelText("Title"), "Science Class 9");
    await user.type(f.getByLabelText("Price (₹)"), "199.50");
    await user.click(f.getByRole("button", { name: "Add Book" }));
    expect(await screen.findByText("Missing Some Data")).toBeInTheDocument();
    for (const label of ["Author", "Publication", "School", "Subject", "Class", "Description"])
      expect(f.getByLabelText(label), label).toHaveAttribute("aria-invalid", "true");
    for (const label of ["Title", "Price (₹)"])
      expect(f.getByLabelText(label), label).not.toHaveAttribute("aria-invalid", "true");
    expect(f.getByTestId("image-error")).toHaveTextContent("Image is required");
    expect(api.callsTo("POST", "/api/products")).toHaveLength(0);

    mockUpload("/media/books/frontview-20250601.png");
    await user.clear(f.getByLabelText("Title"));
    await user.clear(f.getByLabelText("Price (₹)"));
    await typeBook(user, form);
    await user.upload(f.getByLabelText("Image"), pngFile());
    await user.click(f.getByRole("button", { name: "Add Book" }));
    expect(await screen.findByText("Book added successfully")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/products")).toHaveLength(1);
    expect(f.queryByTestId("image-error")).not.toBeInTheDocument();
    expect(f.getByLabelText("School")).not.toHaveAttribute("aria-invalid", "true");
  });

  it("posts rupees as paise and the type noteBook as the kind notebook", async () => {
    const api = mockApi({
      "GET /api/schools": { body: { items: [school] } },
      "POST /api/products": { status: 201, body: { id: "p1", position: "9" } },
    });
    mockUpload("/media/books/frontview-20250601.png");
    renderApp("/admin/addSchoolBooks", { user: admin });
    const user = userEvent.setup();
    const form = await screen.findByRole("form", { name: "Add School Books" });
    await typeBook(user, form);
    await user.type(within(form).getByLabelText("Discount (₹)"), "20");
    await user.selectOptions(within(form).getByLabelText("Type"), "noteBook");
    await user.upload(within(form).getByLabelText("Image"), pngFile());
    await user.click(within(form).getByRole("button", { name: "Add Book" }));

    expect(await screen.findByText("Book added successfully")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/products")[0]?.body).toEqual({
      kind: "notebook",
      title: "Science Class 9",
      author: "NCERT",
      publisher: "NCERT",
      publishedOn: "2024-04-01",
      edition: "2024",
      language: "English",
      subject: "Science",
      schoolId: school.id,
      class: 9,
      pricePaise: 19_950,
      discountPaise: 2_000,
      description: "The science textbook.",
      imageUrl: "/media/books/frontview-20250601.png",
    });
  });

  it("says 'Failed to add book!' when the server refuses", async () => {
    mockApi({
      "GET /api/schools": { body: { items: [school] } },
      "POST /api/products": problem(400, "Invalid input"),
    });
    mockUpload("/media/books/frontview-20250601.png");
    renderApp("/admin/addSchoolBooks", { user: admin });
    const user = userEvent.setup();
    const form = await screen.findByRole("form", { name: "Add School Books" });
    await typeBook(user, form);
    await user.upload(within(form).getByLabelText("Image"), pngFile());
    await user.click(within(form).getByRole("button", { name: "Add Book" }));
    expect(await screen.findByText("Failed to add book!")).toBeInTheDocument();
  });
});

describe("Edit School Books", () => {
  const books = (items: Product[]) => ({
    "GET /api/schools": { body: { items: [school] } },
    [`GET /api/schools/${school.id}/books`]: { body: { items } },
  });

  it("updates a book through its form, keeping the image when none is picked", async () => {
    const api = mockApi({ ...books([book]), [`PUT /api/products/${book.id}`]: { body: { position: "12" } } });
    renderApp("/admin/editSchoolBooks", { user: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: `Edit ${book.title}` }));
    const form = await screen.findByRole("form", { name: "Update Book" });
    expect(within(form).getByLabelText("Price (₹)")).toHaveValue(250);
    const title = within(form).getByLabelText("Title");
    await user.clear(title);
    await user.type(title, "Mathematics Class 8 (2025)");
    await user.click(within(form).getByRole("button", { name: "Update" }));

    expect(await screen.findByText("Book updated successfully")).toBeInTheDocument();
    const { id: _id, ...rest } = book;
    expect(api.callsTo("PUT", `/api/products/${book.id}`)[0]?.body).toEqual({
      ...rest,
      title: "Mathematics Class 8 (2025)",
    });
  });

  it("asks 'Confirm Delete?': No keeps the book, Yes deletes it", async () => {
    const api = mockApi({
      ...books([book]),
      [`DELETE /api/products/${book.id}`]: { body: { position: "13" } },
    });
    renderApp("/admin/editSchoolBooks", { user: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: `Delete ${book.title}` }));
    let dialog = await screen.findByRole("dialog", { name: "Confirm Delete?" });
    await user.click(within(dialog).getByRole("button", { name: "No" }));
    expect(api.callsTo("DELETE", `/api/products/${book.id}`)).toHaveLength(0);

    // The closing dialog hides the page from the accessibility tree until its transition ends.
    await user.click(await screen.findByRole("button", { name: `Delete ${book.title}` }));
    dialog = await screen.findByRole("dialog", { name: "Confirm Delete?" });
    await user.click(within(dialog).getByRole("button", { name: "Yes" }));
    expect(await screen.findByText("Book deleted successfully")).toBeInTheDocument();
    expect(api.callsTo("DELETE", `/api/products/${book.id}`)).toHaveLength(1);
  });

  it("says 'Failed to delete book!' when the delete fails and 'No data' for a school without books", async () => {
    mockApi({ ...books([book]), [`DELETE /api/products/${book.id}`]: problem(404, "Book Not Found!") });
    renderApp("/admin/editSchoolBooks", { user: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: `Delete ${book.title}` }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Yes" }));
    expect(await screen.findByText("Failed to delete book!")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Class"), "Class 3");
    expect(screen.getByText("No data")).toBeInTheDocument();
  });
});
