import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { uploader } from "../../../lib/upload.ts";
import { deferred, mockApi } from "../../../testing/fetch-mock.ts";
import { aUser } from "../../../testing/fixtures.ts";
import { renderApp } from "../../../testing/render.tsx";

const realUpload = uploader.upload;
afterEach(() => {
  uploader.upload = realUpload;
});

const photo = (name = "My List.png", type = "image/png") => new File(["png"], name, { type });

describe("Upload Book List", () => {
  it("asks a visitor to log in", async () => {
    renderApp("/uploadBookList");
    expect(await screen.findByText("Please log in to upload your book list.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  });

  it("shows the user's details read-only and the address editable", async () => {
    renderApp("/uploadBookList", { user: aUser() });
    expect(await screen.findByLabelText("Name")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("Email")).toHaveValue("asha@example.com");
    expect(screen.getByLabelText("Contact")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("Shipping Address")).toHaveValue("12 MG Road, Bengaluru 560001");
  });

  it("refuses a file that is not png, jpg or jpeg and clears it", async () => {
    renderApp("/uploadBookList", { user: aUser() });
    const input = (await screen.findByLabelText("Book list photo")) as HTMLInputElement;
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(["gif"], "list.gif", { type: "image/gif" }));
    expect(await screen.findByText("use only specified file type!")).toBeInTheDocument();
    expect(input.value).toBe("");
    expect(screen.getByTestId("chosen-file")).toHaveTextContent("Photo: JPEG, PNG or WebP, up to 15 MB");
  });

  it("requires a file: 'Please fill all the details!'", async () => {
    const api = mockApi({});
    renderApp("/uploadBookList", { user: aUser() });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Upload" }));
    expect(await screen.findByText("Please fill all the details!")).toBeInTheDocument();
    // Nothing sent (the bar's cart count is the only call: a GET).
    expect(api.calls.filter((c) => c.method !== "GET")).toHaveLength(0);
  });

  it("uploads with progress, toasts 'Saving data...' then 'Booklist sent successfully', and records the list", async () => {
    const done = deferred<{ url: string }>();
    const upload = vi.fn((_file: File, _folder: string, onProgress?: (p: number) => void) => {
      onProgress?.(40);
      return done.promise;
    });
    uploader.upload = upload;
    const api = mockApi({ "POST /api/booklists": { status: 201, body: { id: "bl1", position: "12" } } });
    renderApp("/uploadBookList", { user: aUser() });
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText("Book list photo"), photo());
    expect(screen.getByTestId("chosen-file")).toHaveTextContent("My List.png");
    await user.click(screen.getByRole("button", { name: "Upload" }));

    expect(await screen.findByText("Saving data...")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Upload progress" })).toHaveAttribute(
      "aria-valuenow",
      "40",
    );
    expect(screen.getByRole("button", { name: "Upload" })).toBeDisabled();
    expect(upload.mock.calls[0]?.[1]).toBe("bookList");

    done.resolve({ url: "/media/bookList/mylist-20250601.png" });
    expect(await screen.findByText("Booklist sent successfully")).toBeInTheDocument();
    expect(screen.queryByText("Saving data...")).not.toBeInTheDocument();
    expect(api.callsTo("POST", "/api/booklists")[0]?.body).toEqual({
      shippingAddress: "12 MG Road, Bengaluru 560001",
      imageUrl: "/media/bookList/mylist-20250601.png",
    });
    await waitFor(() => expect(screen.getByRole("button", { name: "Upload" })).toBeEnabled());
  });

  it("toasts the server's reason when it refuses the photo, not 'Failed to add book!'", async () => {
    uploader.upload = vi.fn(() => Promise.reject(new ApiError({ status: 413, detail: "File too large" })));
    const api = mockApi({});
    renderApp("/uploadBookList", { user: aUser() });
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText("Book list photo"), photo("list.jpeg", "image/jpeg"));
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByText("File too large")).toBeInTheDocument();
    expect(screen.queryByText("Failed to add book!")).not.toBeInTheDocument();
    expect(api.callsTo("POST", "/api/booklists")).toHaveLength(0);
  });

  it("toasts 'Failed to add book!' when the upload fails for no reason of the file's", async () => {
    uploader.upload = vi.fn(() => Promise.reject(new ApiError({ status: 0, detail: "Failed to fetch!" })));
    const api = mockApi({});
    renderApp("/uploadBookList", { user: aUser() });
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText("Book list photo"), photo("list.webp", "image/webp"));
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByText("Failed to add book!")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/booklists")).toHaveLength(0);
  });

  it("refuses a photo over 15 MB before sending it, in the server's words", async () => {
    uploader.upload = vi.fn();
    renderApp("/uploadBookList", { user: aUser() });
    const big = photo("huge.jpg", "image/jpeg");
    Object.defineProperty(big, "size", { value: 15 * 1024 * 1024 + 1 });
    await userEvent.setup().upload(await screen.findByLabelText("Book list photo"), big);
    expect(await screen.findByText("File too large")).toBeInTheDocument();
    expect(uploader.upload).not.toHaveBeenCalled();
  });

  it("opens the picker from a real button, by Enter and Space, with no other tab stop for it", async () => {
    renderApp("/uploadBookList", { user: aUser() });
    const choose = await screen.findByRole("button", { name: "Choose book list photo" });
    // A button, with no control inside it (axe nested-interactive), and what it picks said beside it.
    expect(choose.tagName).toBe("BUTTON");
    expect(choose.querySelector("input, a, button, [tabindex]")).toBeNull();
    expect(choose).toHaveAccessibleDescription("Photo: JPEG, PNG or WebP, up to 15 MB");
    const input = screen.getByLabelText("Book list photo") as HTMLInputElement;
    const opened = vi.spyOn(input, "click").mockImplementation(() => {});
    const user = userEvent.setup();
    choose.focus();
    await user.keyboard("{Enter}");
    expect(opened).toHaveBeenCalledTimes(1);
    await user.keyboard(" ");
    expect(opened).toHaveBeenCalledTimes(2);
    // The next tab stop is the form's Upload button, not an invisible file input.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Upload" }));
  });
});
