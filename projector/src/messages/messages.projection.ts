import { type MessageDoc, type MessageEvent, messagesCollection, messageView, rooms } from "@shop/contracts";
import type { Projection } from "../projection.ts";

/** Contact messages, read by admins newest first. */
export const messagesProjection: Projection<MessageDoc, MessageEvent> = {
  name: "messages",
  collection: messagesCollection.name,
  indexes: messagesCollection.indexes,
  canHandle: ["MessageSent"],
  documentId: (e) => e.data.messageId,
  evolve(_doc, e) {
    const { messageId, ...fields } = e.data;
    return { _id: messageId, id: messageId, ...fields, revision: e.revision };
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
};
