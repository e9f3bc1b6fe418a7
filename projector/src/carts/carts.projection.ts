import {
  type CartDoc,
  type CartEvent,
  cartsCollection,
  cartView,
  type ProductDoc,
  type ProductEvent,
  productsCollection,
  productView,
  rooms,
  type SchoolEvent,
} from "@shop/contracts";
import type { MultiDocProjection, Notification, ProjectedEvent, ReadModels } from "../projection.ts";
import { evolveCart, followProduct, followSchool, type ListedProduct } from "./cartLines.ts";

type Handled =
  | CartEvent
  | Extract<ProductEvent, { type: "ProductUpdated" | "ProductRemoved" }>
  | Extract<SchoolEvent, { type: "SchoolUpdated" }>;

const listed = async (models: ReadModels, productId: string): Promise<ListedProduct | null> => {
  const doc = await models.get<ProductDoc>(productsCollection.name, productId);
  return doc
    ? { product: productView(doc), revision: doc.revision, schoolRevision: doc.schoolRevision }
    : null;
};

/** Writes `next` over `doc` unless another writer (a redelivery) stored this revision or a newer one. */
const store = (models: ReadModels, doc: CartDoc | null, next: CartDoc): Promise<boolean> =>
  models.write(cartsCollection.name, next._id, doc, next, "revision");

/** The customer's own command: the cart's revision guards it, as every single-stream read model. */
const applyCartEvent = async (
  models: ReadModels,
  e: ProjectedEvent<CartEvent>,
  announce: boolean,
): Promise<Notification[]> => {
  const doc = await models.get<CartDoc>(cartsCollection.name, e.data.userId);
  if (doc && doc.revision >= e.revision) return [];
  const touched = e.type === "CartItemAdded" || e.type === "CartItemQuantityChanged";
  const next = evolveCart(doc, e, touched ? await listed(models, e.data.productId) : null);
  if (!(await store(models, doc, next)) || !announce) return [];
  return [
    {
      rooms: [rooms.user(next._id)],
      event: "cart.updated",
      payload: { position: e.position, cart: cartView(next) },
    },
  ];
};

/**
 * A product's new state reaches every cart holding it, each line guarded by the product revision
 * it reflects. The products projection runs first (projections.ts), so the product document is at
 * this event unless a replay after a crash finds it further on; then the event's own fields serve.
 */
const applyProductEvent = async (
  models: ReadModels,
  e: ProjectedEvent<Extract<Handled, { type: "ProductUpdated" | "ProductRemoved" }>>,
  announce: boolean,
): Promise<Notification[]> => {
  const { productId } = e.data;
  let now: Omit<ListedProduct, "revision"> | null = null;
  if (e.type === "ProductUpdated") {
    const current = await listed(models, productId);
    const { productId: _p, ...fields } = e.data;
    now = current?.revision === e.revision ? current : { product: { id: productId, ...fields } };
  }
  const holding = await models.find<CartDoc>(cartsCollection.name, { "lines.productId": productId });
  const notes: Notification[] = [];
  for (const doc of holding) {
    const { doc: next, change } = followProduct(doc, productId, e.revision, now);
    if (next === doc || !(await store(models, doc, next)) || !announce) continue;
    const cart = cartView(next);
    notes.push(
      change
        ? {
            rooms: [rooms.user(next._id)],
            event: "cart.productChanged",
            payload: { position: e.position, cart, change },
          }
        : { rooms: [rooms.user(next._id)], event: "cart.updated", payload: { position: e.position, cart } },
    );
  }
  return notes;
};

/** A renamed school reaches the cart lines of its books, quietly (`cart.updated`). */
const applySchoolEvent = async (
  models: ReadModels,
  e: ProjectedEvent<Extract<SchoolEvent, { type: "SchoolUpdated" }>>,
  announce: boolean,
): Promise<Notification[]> => {
  const { schoolId, name } = e.data;
  const holding = await models.find<CartDoc>(cartsCollection.name, { "lines.product.schoolId": schoolId });
  const notes: Notification[] = [];
  for (const doc of holding) {
    const next = followSchool(doc, schoolId, e.revision, name);
    if (next === doc || !(await store(models, doc, next)) || !announce) continue;
    notes.push({
      rooms: [rooms.user(next._id)],
      event: "cart.updated",
      payload: { position: e.position, cart: cartView(next) },
    });
  }
  return notes;
};

/**
 * Carts with each line's product as the catalogue has it: the customer's commands, every price,
 * title or removal of a product in the cart, and its school's renames. Each answer is
 * `cart.updated`, or `cart.productChanged` naming the line whose title or price changed or that
 * left the cart.
 */
export const cartsProjection: MultiDocProjection<Handled> = {
  name: "carts",
  collection: cartsCollection.name,
  indexes: cartsCollection.indexes,
  canHandle: [
    "CartItemAdded",
    "CartItemQuantityChanged",
    "CartItemRemoved",
    "CartCheckedOut",
    "ProductUpdated",
    "ProductRemoved",
    "SchoolUpdated",
  ],
  apply(models, e, announce) {
    switch (e.type) {
      case "SchoolUpdated":
        return applySchoolEvent(models, e as ProjectedEvent<typeof e>, announce);
      case "ProductUpdated":
      case "ProductRemoved":
        return applyProductEvent(models, e as ProjectedEvent<typeof e>, announce);
      default:
        return applyCartEvent(models, e as ProjectedEvent<CartEvent>, announce);
    }
  },
};
