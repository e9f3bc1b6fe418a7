import { conflict, notFound, type ProductEvent, type ProductFields, Texts } from "@shop/contracts";
import type { Decider } from "../commandHandling/decider.ts";

export type ProductState =
  | { status: "none" }
  | ({ status: "listed"; productId: string } & ProductFields)
  | { status: "removed"; productId: string };

export type ProductCommand =
  | { type: "AddProduct"; data: ProductFields & { productId: string } }
  | { type: "UpdateProduct"; data: ProductFields & { productId: string } }
  | { type: "RemoveProduct"; data: { productId: string } };

export const productDecider: Decider<ProductCommand, ProductEvent, ProductState> = {
  initialState: () => ({ status: "none" }),
  evolve(_state, event) {
    switch (event.type) {
      case "ProductAdded":
      case "ProductUpdated":
        return { status: "listed", ...event.data };
      case "ProductRemoved":
        return { status: "removed", productId: event.data.productId };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case "AddProduct":
        if (state.status !== "none") throw conflict("Product already exists");
        return [{ type: "ProductAdded", data: command.data }];
      case "UpdateProduct":
        if (state.status !== "listed") throw notFound(Texts.bookNotFound);
        return [{ type: "ProductUpdated", data: command.data }];
      case "RemoveProduct":
        if (state.status !== "listed") throw notFound(Texts.bookNotFound);
        return [{ type: "ProductRemoved", data: command.data }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
