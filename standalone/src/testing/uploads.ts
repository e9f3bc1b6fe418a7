import sharp from "sharp";

/** A customer's book-list photo (a small PNG of one colour) sent to POST /api/uploads. */
export const uploadBookListPhoto = async (base: string, token: string, background = "#3a0") => {
  const form = new FormData();
  form.set("folder", "bookList");
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer();
  form.set("file", new Blob([png]), "list.png");
  const res = await fetch(`${base}/api/uploads`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.text() };
};
