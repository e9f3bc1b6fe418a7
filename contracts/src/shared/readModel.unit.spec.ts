import { describe, expect, expectTypeOf, it } from "vitest";
import { type Order, type OrderDoc, OrderSchema, orderView } from "../orders/readModel.ts";
import { assertSame, type Same } from "./readModel.ts";

// These lines are checked by `npm run typecheck`: a `@ts-expect-error` that finds no error fails it.
type Answer = { id: string; note: string };

describe("the compile-time check between a document, its view and its answer", () => {
  it("tells a field added to one side only, optional fields included", () => {
    expectTypeOf<Same<Answer, { id: string; note: string }>>().toEqualTypeOf<true>();
    expectTypeOf<Same<Answer, Answer & { extra?: string }>>().toEqualTypeOf<false>();
    expectTypeOf<Same<Answer, { id: string; note?: string }>>().toEqualTypeOf<false>();
    // Plain assignability, the check this replaces, lets both through:
    expectTypeOf<Answer & { extra?: string }>().toExtend<Answer>();
    expectTypeOf<Answer>().toExtend<Answer & { extra?: string }>();
  });

  it("refuses a document that gained an optional field its view would leak", () => {
    type DocWithNote = OrderDoc & { internalNote?: string };
    type Bookkeeping = "_id" | "customerId" | "revision" | "schoolId" | "customerKeys" | "positionKey";
    assertSame<Omit<OrderDoc, Bookkeeping>, Order>();
    // @ts-expect-error the view would answer `internalNote`, which the Order answer does not have
    assertSame<Omit<DocWithNote, Bookkeeping>, Order>();
  });

  it("answers an order without its bookkeeping fields, which the strict answer schema refuses", () => {
    const doc: OrderDoc = {
      _id: "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f",
      id: "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f",
      shortId: "7a8b9c0d1e2f".slice(-8),
      placedAt: "2026-11-22T10:00:00.000Z",
      status: 1,
      itemsCount: 0,
      firstItem: { title: "", imageUrl: "" },
      customer: { name: "Asha", email: "asha@example.com", contact: "98765" },
      customerId: "1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b",
      schoolId: null,
      customerKeys: { name: "asha", email: "asha@example.com", phone: "98765" },
      positionKey: "00000000000000000001",
      shippingAddress: "12 MG Road, Pune",
      payablePaise: 0,
      items: [],
      totals: { pricePaise: 0, discountPaise: 0, payablePaise: 0, shippingPaise: 0 },
      timeline: [],
      revision: 0,
      position: "1",
    };
    expect(OrderSchema.safeParse(doc).success).toBe(false);
    expect(OrderSchema.parse(orderView(doc))).toEqual(orderView(doc));
    expect(orderView(doc)).not.toHaveProperty("customerId");
  });
});
