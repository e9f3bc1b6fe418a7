import { conflict, type MessageEvent } from "@shop/contracts";
import type { Decider } from "../commandHandling/decider.ts";

export type MessageState = { sent: boolean };
export type MessageCommand = {
  type: "SendMessage";
  data: { messageId: string; name: string; email: string; message: string; now: string };
};

export const messageDecider: Decider<MessageCommand, MessageEvent, MessageState> = {
  initialState: () => ({ sent: false }),
  evolve: () => ({ sent: true }),
  decide(command, state) {
    if (state.sent) throw conflict("Message already sent");
    const { now, ...message } = command.data;
    return [{ type: "MessageSent", data: { ...message, sentAt: now } }];
  },
};
