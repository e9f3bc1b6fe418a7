import { z } from "zod";
import { OrderItems } from "../orders/requests.ts";
import { Address, Id, MediaUrl } from "../shared/fields.ts";
import { body } from "../shared/forms.ts";
import { Texts } from "../shared/texts.ts";

export const BookListBody = body(
  z.object({ shippingAddress: Address, imageUrl: MediaUrl }),
  ["shippingAddress", "imageUrl"],
  Texts.bookListMissing,
);
export const BookListOrderBody = body(z.object({ orderId: Id, items: OrderItems }), ["orderId", "items"]);
