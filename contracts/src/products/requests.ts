import { z } from "zod";
import { BookClass, Id, line, MediaUrl, Paise, Title, text } from "../shared/fields.ts";
import { body } from "../shared/forms.ts";
import { Texts } from "../shared/texts.ts";
import { PRODUCT_KINDS } from "./events.ts";

const productShape = z.object({
  kind: z.enum(PRODUCT_KINDS),
  title: Title,
  author: line(200),
  publisher: line(200),
  publishedOn: line(50),
  edition: line(50),
  language: line(50),
  subject: line(100).optional(),
  schoolId: Id.optional(),
  class: BookClass.optional(),
  pricePaise: Paise.min(1),
  discountPaise: Paise,
  description: text(4000),
  imageUrl: MediaUrl,
});
/** Books belong to a school and a class; notebooks and stationery to neither. Zero discount is fine. */
export const ProductBody = body(
  productShape
    .strict()
    .refine((p) => p.discountPaise <= p.pricePaise, {
      path: ["discountPaise"],
      message: "Discount above price",
    })
    .refine((p) => p.kind !== "book" || (p.schoolId && p.class && p.subject), {
      path: ["schoolId"],
      message: "A book needs a school, a class and a subject",
    }) as unknown as typeof productShape,
  [
    "kind",
    "title",
    "author",
    "publisher",
    "publishedOn",
    "edition",
    "language",
    "pricePaise",
    "description",
    "imageUrl",
  ],
  Texts.productMissing,
);
