import {
  type CartChange,
  type CartDoc,
  type CartDocLine,
  type CartEvent,
  type Product,
  seenOf,
} from "@shop/contracts";

/** What a cart line needs of the product: the catalogue's answer and the revision it reflects. */
export interface ListedProduct {
  product: Product;
  revision: number;
  /** The school revision the product's `schoolName` reflects. */
  schoolRevision?: number | undefined;
}

const schoolRevisionOf = (listed: Pick<ListedProduct, "schoolRevision">) =>
  listed.schoolRevision === undefined ? {} : { schoolRevision: listed.schoolRevision };

const withoutChange = (changes: CartChange[], productId: string) =>
  changes.filter((c) => c.productId !== productId);

const setLine = (lines: CartDocLine[], line: CartDocLine): CartDocLine[] =>
  lines.some((l) => l.productId === line.productId)
    ? lines.map((l) => (l.productId === line.productId ? line : l))
    : [...lines, line];

/**
 * A checkout that names its lines takes exactly those quantities out (what was added meanwhile
 * stays, as in the cart decider); one without lines empties the cart.
 */
const checkOut = (lines: CartDocLine[], ordered: { productId: string; quantity: number }[] | undefined) => {
  if (!ordered) return [];
  return lines.flatMap((l) => {
    const took = ordered.filter((o) => o.productId === l.productId).reduce((n, o) => n + o.quantity, 0);
    return l.quantity - took > 0 ? [{ ...l, quantity: l.quantity - took }] : [];
  });
};

/**
 * The customer's own command on the cart. A line the customer touches takes the product as the
 * catalogue has it now (`listed`; null when it is no longer sold, and then the line is not in the
 * cart), and the customer has seen any change to it; a checkout has seen them all.
 */
export const evolveCart = (
  doc: CartDoc | null,
  e: CartEvent & { revision: number },
  listed: ListedProduct | null,
): CartDoc => {
  const lines = doc?.lines ?? [];
  const changes = doc?.changes ?? [];
  const next = (l: CartDocLine[], c: CartChange[]): CartDoc => ({
    _id: e.data.userId,
    lines: l,
    changes: c,
    revision: e.revision,
  });
  const put = (productId: string, quantity: number) => {
    if (!listed) return lines.filter((l) => l.productId !== productId);
    return setLine(lines, {
      productId,
      quantity,
      product: listed.product,
      productRevision: listed.revision,
      ...schoolRevisionOf(listed),
    });
  };
  switch (e.type) {
    case "CartItemAdded": {
      const had = lines.find((l) => l.productId === e.data.productId)?.quantity ?? 0;
      return next(put(e.data.productId, had + e.data.quantity), withoutChange(changes, e.data.productId));
    }
    case "CartItemQuantityChanged":
      return next(put(e.data.productId, e.data.quantity), withoutChange(changes, e.data.productId));
    case "CartItemRemoved":
      return next(
        lines.filter((l) => l.productId !== e.data.productId),
        withoutChange(changes, e.data.productId),
      );
    case "CartCheckedOut":
      return next(checkOut(lines, e.data.lines), []);
    default: {
      const never: never = e;
      return never;
    }
  }
};

const sameSeen = (a: CartChange["after"], b: CartChange["after"]) =>
  a === b || (a !== null && b !== null && a.title === b.title && a.payablePaise === b.payablePaise);

/**
 * A catalogue change to a product in this cart: `now` is the product after the event at
 * `revision` (null: removed), with the school revision its school's name reflects. Answers the cart unchanged (the same object) when the line already
 * reflects that revision, so a replay changes nothing. A change of title or price is recorded
 * against what the customer last saw: a price that goes back to it leaves no change.
 */
export const followProduct = (
  doc: CartDoc,
  productId: string,
  revision: number,
  now: Omit<ListedProduct, "revision"> | null,
): { doc: CartDoc; change: CartChange | null } => {
  const line = doc.lines.find((l) => l.productId === productId);
  if (!line || line.productRevision >= revision) return { doc, change: null };
  const earlier = doc.changes.find((c) => c.productId === productId);
  const before = earlier?.before ?? seenOf(line.product);
  const after = now ? seenOf(now.product) : null;
  const change = sameSeen(before, after) ? null : { productId, before, after };
  const lines = now
    ? doc.lines.map((l) => {
        if (l.productId !== productId) return l;
        const { schoolRevision: _was, ...kept } = l;
        return { ...kept, product: now.product, productRevision: revision, ...schoolRevisionOf(now) };
      })
    : doc.lines.filter((l) => l.productId !== productId);
  const changes = withoutChange(doc.changes, productId);
  return { doc: { ...doc, lines, changes: change ? [...changes, change] : changes }, change };
};

/**
 * A school's new name reaches the lines of its books; a line already at that school revision is
 * left alone, so a replay changes nothing (the same object comes back).
 */
export const followSchool = (doc: CartDoc, schoolId: string, revision: number, name: string): CartDoc => {
  const stale = (l: CartDoc["lines"][number]) =>
    l.product.schoolId === schoolId && (l.schoolRevision ?? -1) < revision;
  if (!doc.lines.some(stale)) return doc;
  return {
    ...doc,
    lines: doc.lines.map((l) =>
      stale(l) ? { ...l, product: { ...l.product, schoolName: name }, schoolRevision: revision } : l,
    ),
  };
};
