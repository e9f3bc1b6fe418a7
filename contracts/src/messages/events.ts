import { z } from "zod";

export const MessageSent = z.object({
  type: z.literal("MessageSent"),
  data: z.object({
    messageId: z.uuid(),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    sentAt: z.string(),
  }),
});
export const MessageEvent = z.discriminatedUnion("type", [MessageSent]);
export type MessageEvent = z.infer<typeof MessageEvent>;
