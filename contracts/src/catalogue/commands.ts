import { z } from "zod";
import { BookClass, MediaUrl, Paise, Title, text } from "../shared/fields.ts";
import { body } from "../shared/forms.ts";
import { Texts } from "../shared/texts.ts";
import { PRODUCT_KINDS } from "./events.ts";

export const SchoolBody = body(
  z.object({
    name: Title,
    imageUrl: MediaUrl,
    location: text(200),
    area: text(200),
    district: text(100),
    state: text(100),
    pincode: z.number().int().min(100000).max(999999),
    board: text(100),
    medium: text(50),
  }),
  ["name", "imageUrl", "location", "area", "district", "state", "pincode", "board", "medium"],
  Texts.schoolMissing,
);

const productShape = z.object({
  kind: z.enum(PRODUCT_KINDS),
  title: Title,
  author: text(200),
  publisher: text(200),
  publishedOn: text(50),
  edition: text(50),
  language: text(50),
  subject: text(100).optional(),
  schoolId: z.uuid().optional(),
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

export const PromotionBody = body(
  z.object({
    title: Title,
    description: text(1000),
    imageUrl: MediaUrl,
    redirectUrl: z.string().trim().max(500).optional(),
  }),
  ["title", "description", "imageUrl"],
  Texts.promotionMissing,
);
/** On update the image is optional (spec §5): the current one stays. */
export const PromotionUpdateBody = body(
  z.object({
    title: Title,
    description: text(1000),
    imageUrl: MediaUrl.optional(),
    redirectUrl: z.string().trim().max(500).optional(),
  }),
  ["title", "description"],
  Texts.promotionMissing,
);
export const PromotionActiveBody = body(z.object({ active: z.boolean() }), ["active"]);
