import { type BookListEvent, conflict, notFound, Texts } from "@shop/contracts";
import type { Decider } from "../commandHandling/decider.ts";

type Customer = { userId: string; name: string; email: string; contact: string };

export type BookListState =
  | { status: "none" }
  | { status: "open" | "discarded"; bookListId: string; customer: Customer; shippingAddress: string }
  | { status: "ordered"; bookListId: string; customer: Customer; shippingAddress: string; orderId: string };

export type BookListCommand =
  | {
      type: "UploadBookList";
      data: {
        bookListId: string;
        customer: Customer;
        shippingAddress: string;
        imageUrl: string;
        now: string;
      };
    }
  | { type: "MarkBookListOrdered"; data: { orderId: string; now: string } }
  | { type: "DiscardBookList"; data: { now: string } };

export const bookListDecider: Decider<BookListCommand, BookListEvent, BookListState> = {
  initialState: () => ({ status: "none" }),
  evolve(state, event) {
    switch (event.type) {
      case "BookListUploaded": {
        const { bookListId, customer, shippingAddress } = event.data;
        return { status: "open", bookListId, customer, shippingAddress };
      }
      case "BookListOrdered":
        return state.status === "none" ? state : { ...state, status: "ordered", orderId: event.data.orderId };
      case "BookListDiscarded":
        return state.status === "none" ? state : { ...state, status: "discarded" };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case "UploadBookList": {
        if (state.status !== "none") throw conflict("Book list already uploaded");
        const { now, ...list } = command.data;
        return [{ type: "BookListUploaded", data: { ...list, uploadedAt: now } }];
      }
      case "MarkBookListOrdered": {
        if (state.status === "none") throw notFound(Texts.bookListNotFound);
        if (state.status === "ordered" && state.orderId === command.data.orderId) return [];
        if (state.status !== "open") throw conflict(`This book list is already ${state.status}`);
        return [
          {
            type: "BookListOrdered",
            data: {
              bookListId: state.bookListId,
              orderId: command.data.orderId,
              orderedAt: command.data.now,
            },
          },
        ];
      }
      case "DiscardBookList":
        if (state.status === "none") throw notFound(Texts.bookListNotFound);
        if (state.status === "discarded") return [];
        if (state.status === "ordered") throw conflict("This book list is already ordered");
        return [
          {
            type: "BookListDiscarded",
            data: { bookListId: state.bookListId, discardedAt: command.data.now },
          },
        ];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
