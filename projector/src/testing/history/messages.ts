import { system, type World } from "./world.ts";

/** A visitor sends a contact message. */
export const messageStep = (w: World): void => {
  const messageId = w.id();
  w.push(
    `message-${messageId}`,
    [
      {
        type: "MessageSent",
        data: {
          messageId,
          name: `Visitor ${w.counter()}`,
          email: "v@example.com",
          message: "Hello",
          sentAt: w.at(),
        },
      },
    ],
    system,
  );
};
