import type { Message } from "@shop/contracts";
import { type Projection, type ReadDoc, rooms } from "../projection.ts";

export type MessageDoc = ReadDoc & Message;

export const messageView = (doc: MessageDoc): Message => {
  const { _id, revision: _r, ...message } = doc;
  return message;
};

/** Contact messages, read by admins newest first. */
export const messagesProjection: Projection<MessageDoc> = {
  name: "messages",
  collection: "messages",
  canHandle: ["MessageSent"],
  documentId: (e) => (e.data as { messageId: string }).messageId,
  evolve(doc, e) {
    switch (e.type) {
      case "MessageSent": {
        const { messageId, ...fields } = e.data;
        return { _id: messageId, id: messageId, ...fields, revision: e.revision };
      }
      default:
        return doc;
    }
  },
  notify: (after, e) =>
    after
      ? [
          {
            rooms: [rooms.admin],
            event: "message.received",
            payload: { position: e.position, message: messageView(after) },
          },
        ]
      : [],
  indexes: [{ keys: { sentAt: -1 } }],
};
