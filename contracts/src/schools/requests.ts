import { z } from "zod";
import { line, MediaUrl, Title } from "../shared/fields.ts";
import { body } from "../shared/forms.ts";
import { Texts } from "../shared/texts.ts";

export const SchoolBody = body(
  z.object({
    name: Title,
    imageUrl: MediaUrl,
    location: line(200),
    area: line(200),
    district: line(100),
    state: line(100),
    pincode: z.number().int().min(100000).max(999999),
    board: line(100),
    medium: line(50),
  }),
  ["name", "imageUrl", "location", "area", "district", "state", "pincode", "board", "medium"],
  Texts.schoolMissing,
);
