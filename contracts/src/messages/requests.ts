import { z } from "zod";
import { Email, MessageText, Name } from "../shared/fields.ts";
import { body } from "../shared/forms.ts";
import { Texts } from "../shared/texts.ts";

export const MessageBody = body(
  z.object({ name: Name, email: Email, message: MessageText }),
  ["name", "email", "message"],
  Texts.messageMissing,
);
