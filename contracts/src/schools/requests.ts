import { z } from "zod";
import { MediaUrl, Title, text } from "../shared/fields.ts";
import { body } from "../shared/forms.ts";
import { Texts } from "../shared/texts.ts";

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
