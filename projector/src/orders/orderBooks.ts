import { type OrderEvent, type ProductDoc, productsCollection } from "@shop/contracts";
import type { MultiDocProjection, ProjectedEvent, Projection, ReadModels } from "../projection.ts";
import { ordersProjection } from "./orders.projection.ts";

type Placed = ProjectedEvent<Extract<OrderEvent, { type: "OrderPlaced" }>>;

/** The products of a placed order's books whose school the event does not carry. */
const unplacedBooks = (e: Placed): string[] =>
  e.data.items.filter((i) => i.kind === "book" && i.schoolName === undefined).map((i) => i.productId);

/** The placed order with its books' school and class from their products (`byId`). */
const placeBooks = (e: Placed, byId: Map<string, ProductDoc>): Placed => {
  const items = e.data.items.map((i) => {
    const p = byId.get(i.productId);
    if (!p || i.schoolName !== undefined) return i;
    return {
      ...i,
      ...(p.schoolName !== undefined && { schoolName: p.schoolName }),
      ...(i.class === undefined && p.class !== undefined && { class: p.class }),
    };
  });
  return { ...e, data: { ...e.data, items } };
};

/**
 * A placed order's books get their school and class, read from the products as they stood when
 * the order was placed (the log is applied in order, so a rebuild reads the same), so order
 * pages, invoices and lists tell same-title books of different schools apart.
 */
export const withBookPlaces = async (models: ReadModels, e: Placed): Promise<Placed> => {
  const ids = unplacedBooks(e);
  if (ids.length === 0) return e;
  return placeBooks(e, await models.getMany<ProductDoc>(productsCollection.name, ids));
};

/** The orders read model (ordersProjection) with each OrderPlaced's books placed first. */
export const ordersWithBooks: MultiDocProjection<OrderEvent> = {
  name: ordersProjection.name,
  collection: ordersProjection.collection,
  indexes: ordersProjection.indexes,
  canHandle: ordersProjection.canHandle,
  async apply(models, e, announce) {
    const event = e.type === "OrderPlaced" ? await withBookPlaces(models, e as Placed) : e;
    return models.evolve(ordersProjection as Projection, event, announce);
  },
  alone(e, held) {
    const projection = ordersProjection as Projection;
    if (e.type !== "OrderPlaced") return { projection, event: e };
    const ids = unplacedBooks(e as Placed);
    if (ids.length === 0) return { projection, event: e };
    const byId = held<ProductDoc>(productsCollection.name, ids);
    return byId && { projection, event: placeBooks(e as Placed, byId) };
  },
};
