import type { Message } from "./readModel.ts";

/** `message.received` goes to `role:admin`. */
export interface MessagesLive {
  "message.received": { position: string; message: Message };
}
