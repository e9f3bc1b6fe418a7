import { uuidV5Namespace } from "../crypto/uuidV5.ts";

const userIdFor = uuidV5Namespace("6f1c3f0e-3c1a-5d0b-9a55-2b7f3f9d4c11");

/** A user's id is derived from the lower-cased e-mail, so a unique e-mail is an append with "no stream". */
export const userIdForEmail = (email: string): string => userIdFor(email.trim().toLowerCase());
