import { z } from "zod";

export const SchoolFields = z.object({
  name: z.string(),
  imageUrl: z.string(),
  location: z.string(),
  area: z.string(),
  district: z.string(),
  state: z.string(),
  pincode: z.number().int(),
  board: z.string(),
  medium: z.string(),
});
export const SchoolRegistered = z.object({
  type: z.literal("SchoolRegistered"),
  data: SchoolFields.extend({ schoolId: z.uuid() }),
});
export const SchoolUpdated = z.object({
  type: z.literal("SchoolUpdated"),
  data: SchoolFields.extend({ schoolId: z.uuid() }),
});
export const SchoolRemoved = z.object({
  type: z.literal("SchoolRemoved"),
  data: z.object({ schoolId: z.uuid() }),
});
export const SchoolEvent = z.discriminatedUnion("type", [SchoolRegistered, SchoolUpdated, SchoolRemoved]);
export type SchoolEvent = z.infer<typeof SchoolEvent>;
