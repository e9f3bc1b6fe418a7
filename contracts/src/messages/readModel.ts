import { z } from "zod";
import { AnswerFields, assertSame, type CollectionSpec, docFields } from "../shared/readModel.ts";

export const MessageSchema = z.strictObject({
  id: AnswerFields.id,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  sentAt: AnswerFields.time,
});
export type Message = z.infer<typeof MessageSchema>;

export const MessageDocSchema = MessageSchema.extend(docFields).strict();
export type MessageDoc = z.infer<typeof MessageDocSchema>;

/** Contact messages, read by admins newest first. */
export const messagesCollection: CollectionSpec = {
  name: "messages",
  indexes: [{ keys: { sentAt: -1, _id: -1 } }],
};

export const messageView = (doc: MessageDoc): Message => {
  const { _id, revision: _r, ...message } = doc;
  return message;
};
assertSame<Omit<MessageDoc, "_id" | "revision">, Message>();
