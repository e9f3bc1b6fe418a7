import { z } from "zod";
import { Address, Contact, Email, Name, Password } from "../shared/fields.ts";
import { body } from "../shared/forms.ts";
import { ACC_TYPES } from "../shared/roles.ts";
import { Texts } from "../shared/texts.ts";

export const SignupBody = body(
  z.object({ name: Name, email: Email, contact: Contact, password: Password, address: Address }),
  ["name", "email", "contact", "password", "address"],
  Texts.signupMissing,
);
export const LoginBody = body(
  z.object({ email: Email, password: z.string().min(1).max(200) }),
  ["email", "password"],
  "Please enter your email and password",
);
export const ProfileBody = body(
  z.object({ name: Name.optional(), contact: Contact.optional(), address: Address.optional() }),
  [],
);
export const RoleBody = body(z.object({ accType: z.union(ACC_TYPES.map((t) => z.literal(t))) }), ["accType"]);
