import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { uploader } from "../../../lib/upload.ts";
import { mockApi, problem } from "../../../testing/fetch-mock.ts";
import { aUser } from "../../../testing/fixtures.ts";
import { renderApp } from "../../../testing/render.tsx";
import { mockUpload, pngFile } from "../../../testing/uploads.ts";

const fill = async (user: ReturnType<typeof userEvent.setup>) => {
  const values: Record<string, string> = {
    "School Name": "Green Valley School",
    Location: "MG Road",
    Area: "Indiranagar",
    District: "Bengaluru Urban",
    State: "Karnataka",
    Pincode: "560038",
    "Affiliated Board": "CBSE",
    Medium: "English",
  };
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value);
};

const open = async () => {
  const user = userEvent.setup({ applyAccept: false });
  renderApp("/admin/addSchool", { user: aUser({ accType: 1 }) });
  await screen.findByRole("form", { name: "Add School" });
  return user;
};

describe("Add School", () => {
  it("asks for all the details (toast closing after 1000 ms) without calling the server", async () => {
    const api = mockApi({});
    const user = await open();
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Add School" }));
    expect(await screen.findByText("Please Fill all the details!")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/schools")).toHaveLength(0);
    await waitFor(() => expect(screen.queryByText("Please Fill all the details!")).not.toBeInTheDocument(), {
      timeout: 1800,
    });
  });

  it("marks the missing fields beside the toast (useZodForm)", async () => {
    mockApi({});
    const user = await open();
    await user.type(screen.getByLabelText("School Name"), "Green Valley School");
    await user.click(screen.getByRole("button", { name: "Add School" }));
    expect(await screen.findByText("Please Fill all the details!")).toBeInTheDocument();
    expect(screen.getByLabelText("School Name")).not.toHaveAttribute("aria-invalid", "true");
    for (const label of ["Location", "Area", "District", "State", "Pincode", "Affiliated Board", "Medium"])
      expect(screen.getByLabelText(label), label).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByTestId("image-error")).toHaveTextContent("Image is required");
  });

  it("uploads the image, then posts the school and says so", async () => {
    const api = mockApi({ "POST /api/schools": { status: 201, body: { id: "s1", position: "5" } } });
    const upload = mockUpload("/media/schools/frontview-20250601.png");
    const user = await open();
    await fill(user);
    await user.upload(screen.getByLabelText("School Image"), pngFile());
    expect(screen.getByTestId("picked-file")).toHaveTextContent("Front View.png");
    await user.click(screen.getByRole("button", { name: "Add School" }));

    expect(await screen.findByText("School added successfully")).toBeInTheDocument();
    expect(upload).toHaveBeenCalledWith(expect.any(File), "schools", expect.any(Function));
    expect(api.callsTo("POST", "/api/schools")[0]?.body).toEqual({
      name: "Green Valley School",
      imageUrl: "/media/schools/frontview-20250601.png",
      location: "MG Road",
      area: "Indiranagar",
      district: "Bengaluru Urban",
      state: "Karnataka",
      pincode: 560038,
      board: "CBSE",
      medium: "English",
    });
    expect(screen.queryByText("Saving data...")).not.toBeInTheDocument();
    expect(screen.getByLabelText("School Name")).toHaveValue("");
  });

  it("shows 'Saving data...' while saving and 'Error adding school!!' when the server refuses", async () => {
    let release = () => {};
    mockApi({
      "POST /api/schools": () =>
        new Promise((resolve) => {
          release = () => resolve(problem(400, "Invalid input"));
        }),
    });
    mockUpload("/media/schools/frontview-20250601.png");
    const user = await open();
    await fill(user);
    await user.upload(screen.getByLabelText("School Image"), pngFile());
    await user.click(screen.getByRole("button", { name: "Add School" }));
    expect(await screen.findByText("Saving data...")).toBeInTheDocument();
    release();
    expect(await screen.findByText("Error adding school!!")).toBeInTheDocument();
    expect(screen.queryByText("Saving data...")).not.toBeInTheDocument();
  });

  it("says the server's reason when it refuses the image, and posts nothing", async () => {
    const api = mockApi({});
    mockUpload(null);
    const user = await open();
    await fill(user);
    await user.upload(screen.getByLabelText("School Image"), pngFile());
    await user.click(screen.getByRole("button", { name: "Add School" }));
    expect(await screen.findByText("use only specified file type!")).toBeInTheDocument();
    expect(screen.queryByText("error in uploading image!")).not.toBeInTheDocument();
    expect(screen.queryByText("Error adding school!!")).not.toBeInTheDocument();
    expect(api.callsTo("POST", "/api/schools")).toHaveLength(0);
  });

  it("says 'error in uploading image!' when the upload fails otherwise, and states the limit", async () => {
    const api = mockApi({});
    vi.spyOn(uploader, "upload").mockRejectedValue(new ApiError({ status: 0, detail: "Failed to fetch!" }));
    const user = await open();
    expect(screen.getByTestId("upload-limit")).toHaveTextContent("JPEG, PNG or WebP, up to 15 MB");
    await fill(user);
    await user.upload(screen.getByLabelText("School Image"), pngFile());
    await user.click(screen.getByRole("button", { name: "Add School" }));
    expect(await screen.findByText("error in uploading image!")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/schools")).toHaveLength(0);
  });

  it("refuses a file that is not png or jpeg and clears the picker", async () => {
    mockApi({});
    const user = await open();
    const input = screen.getByLabelText("School Image") as HTMLInputElement;
    await user.upload(input, new File(["gif"], "logo.gif", { type: "image/gif" }));
    expect(await screen.findByText("use only specified file type!")).toBeInTheDocument();
    expect(input.value).toBe("");
    expect(screen.getByTestId("picked-file")).toHaveTextContent("No file chosen");
  });
});
