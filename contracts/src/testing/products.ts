import type { ProductFields } from "../products/events.ts";

/** A listed notebook's fields, for tests that need one product. */
export const notebookFields: ProductFields = {
  kind: "notebook",
  title: "Classmate Notebook 172 pages",
  author: "Classmate",
  publisher: "ITC",
  publishedOn: "2025",
  edition: "1",
  language: "English",
  pricePaise: 6500,
  discountPaise: 0,
  description: "Single line, soft cover",
  imageUrl: "/media/stationeries/classmate.png",
};
