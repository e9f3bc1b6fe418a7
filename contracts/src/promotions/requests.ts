import { z } from "zod";
import { LinkUrl, MediaUrl, Title, text } from "../shared/fields.ts";
import { body } from "../shared/forms.ts";
import { Texts } from "../shared/texts.ts";

export const PromotionBody = body(
  z.object({
    title: Title,
    description: text(1000),
    imageUrl: MediaUrl,
    redirectUrl: LinkUrl.optional(),
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
    redirectUrl: LinkUrl.optional(),
  }),
  ["title", "description"],
  Texts.promotionMissing,
);
export const PromotionActiveBody = body(z.object({ active: z.boolean() }), ["active"]);
