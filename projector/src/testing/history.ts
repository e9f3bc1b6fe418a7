import type { DomainEvent, EventMetadata, OrderPlacedData } from "@shop/contracts";
import type { EventStore } from "@shop/platform";

/** A deterministic pseudo-random source (mulberry32), so a failing history can be replayed. */
const random = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export interface Append {
  stream: string;
  events: DomainEvent[];
  metadata: EventMetadata;
}

const admin: EventMetadata = {
  schemaVersion: 1,
  correlationId: "00000000-0000-4000-8000-00000000c0de",
  causationId: "00000000-0000-4000-8000-00000000c0de",
  actor: { kind: "user", userId: "00000000-0000-4000-8000-0000000000aa", name: "Shop Admin", accType: 1 },
};
const system: EventMetadata = { ...admin, actor: { kind: "system", name: "history" } };

/**
 * A shop's history of every stream type (users, schools, products, promotions, carts with
 * checkouts, orders through delivery, messages, book lists ordered and discarded), as appends in
 * the order a busy shop could make them. Only shape matters, not business rules beyond what the
 * projections rely on (an order is placed before it changes, a stream starts with its creation).
 */
export const generateHistory = (opts: { seed?: number; steps?: number } = {}): Append[] => {
  const next = random(opts.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  let counter = 0;
  const id = () => `00000000-0000-4000-8000-${(++counter).toString(16).padStart(12, "0")}`;
  const at = () => new Date(Date.UTC(2026, 0, 1) + counter * 60_000).toISOString();
  const out: Append[] = [];
  const push = (stream: string, events: DomainEvent[], metadata = admin) =>
    out.push({ stream, events, metadata });

  const users: { id: string; name: string; email: string; accType: 1 | 2 | 3 }[] = [];
  const schools: string[] = [];
  const products: { id: string; title: string; kind: "book" | "notebook" | "stationery"; price: number }[] =
    [];
  const promotions: string[] = [];
  const carts = new Map<string, Map<string, number>>();
  const orders: { id: string; status: 1 | 2 | 3 }[] = [];
  const bookLists: string[] = [];
  const subjects = ["Mathematics", "Science", "English", "Hindi", "Social Studies", "Marathi"];
  const customer = (u: (typeof users)[number]) => ({
    userId: u.id,
    name: u.name,
    email: u.email,
    contact: "98765 43210",
  });
  const placeOrder = (
    u: (typeof users)[number],
    lines: { productId: string; quantity: number }[],
    source: OrderPlacedData["source"],
  ) => {
    const items = lines.flatMap((l) => {
      const p = products.find((x) => x.id === l.productId);
      return p
        ? [
            {
              productId: p.id,
              kind: p.kind,
              title: p.title,
              author: "Author",
              imageUrl: "/media/books/x.png",
              pricePaise: p.price,
              discountPaise: 100,
              quantity: l.quantity,
            },
          ]
        : [];
    });
    if (!items.length) return null;
    const orderId = id();
    const price = items.reduce((n, i) => n + i.pricePaise * i.quantity, 0);
    const discount = items.reduce((n, i) => n + i.discountPaise * i.quantity, 0);
    push(`order-${orderId}`, [
      {
        type: "OrderPlaced",
        data: {
          orderId,
          customer: customer(u),
          shippingAddress: "12 MG Road, Pune",
          items,
          totals: { pricePaise: price, discountPaise: discount, payablePaise: price - discount },
          source,
          requestDigest: `digest-${orderId}`,
          placedAt: at(),
        },
      },
    ]);
    orders.push({ id: orderId, status: 1 });
    return orderId;
  };

  const steps: (() => void)[] = [
    () => {
      const userId = id();
      const u = {
        id: userId,
        name: `User ${counter}`,
        email: `user${counter}@example.com`,
        accType: 3 as const,
      };
      users.push(u);
      push(
        `user-${userId}`,
        [
          {
            type: "UserRegistered",
            data: {
              userId,
              name: u.name,
              email: u.email,
              contact: "1",
              address: "Pune",
              accType: 3,
              credentialId: id(),
              registeredAt: at(),
            },
          },
        ],
        system,
      );
    },
    () => {
      const u = users.length ? pick(users) : null;
      if (!u) return;
      if (next() < 0.7)
        push(`user-${u.id}`, [
          {
            type: "UserProfileUpdated",
            data: { userId: u.id, address: `${counter} Park Street`, updatedAt: at() },
          },
        ]);
      else {
        const to = pick([1, 2, 3] as const);
        push(`user-${u.id}`, [
          { type: "UserRoleChanged", data: { userId: u.id, from: u.accType, to, changedAt: at() } },
        ]);
        u.accType = to;
      }
    },
    () => {
      const schoolId = id();
      const fields = {
        name: `School ${counter}`,
        imageUrl: "/media/schools/s.png",
        location: "Camp",
        area: "Kothrud",
        district: "Pune",
        state: "Maharashtra",
        pincode: 411038,
        board: "CBSE",
        medium: "English",
      };
      if (schools.length && next() < 0.3) {
        const s = pick(schools);
        if (next() < 0.2) {
          push(`school-${s}`, [{ type: "SchoolRemoved", data: { schoolId: s } }]);
          schools.splice(schools.indexOf(s), 1);
        } else push(`school-${s}`, [{ type: "SchoolUpdated", data: { schoolId: s, ...fields } }]);
        return;
      }
      schools.push(schoolId);
      push(`school-${schoolId}`, [{ type: "SchoolRegistered", data: { schoolId, ...fields } }]);
    },
    () => {
      if (products.length && next() < 0.3) {
        const p = pick(products);
        if (next() < 0.15) {
          push(`product-${p.id}`, [{ type: "ProductRemoved", data: { productId: p.id } }]);
          products.splice(products.indexOf(p), 1);
        } else {
          p.price += 100;
          push(`product-${p.id}`, [
            {
              type: "ProductUpdated",
              data: {
                productId: p.id,
                kind: p.kind,
                title: p.title,
                author: "Author",
                publisher: "P",
                publishedOn: "2025",
                edition: "2",
                language: "English",
                pricePaise: p.price,
                discountPaise: 100,
                description: "d",
                imageUrl: "/media/books/x.png",
              },
            },
          ]);
        }
        return;
      }
      const productId = id();
      const kind = pick(["book", "book", "notebook", "stationery"] as const);
      const subject = pick(subjects);
      const p = {
        id: productId,
        title: `${subject} ${counter}`,
        kind,
        price: 1000 + Math.floor(next() * 50) * 100,
      };
      products.push(p);
      const book =
        kind === "book" && schools.length
          ? { subject, schoolId: pick(schools), class: 1 + Math.floor(next() * 12) }
          : {};
      push(`product-${productId}`, [
        {
          type: "ProductAdded",
          data: {
            productId,
            kind,
            title: p.title,
            author: "Author",
            publisher: "P",
            publishedOn: "2025",
            edition: "1",
            language: "English",
            ...book,
            pricePaise: p.price,
            discountPaise: 100,
            description: "d",
            imageUrl: "/media/books/x.png",
          },
        },
      ]);
    },
    () => {
      if (promotions.length && next() < 0.6) {
        const promotionId = pick(promotions);
        const type = pick([
          "PromotionUpdated",
          "PromotionActivated",
          "PromotionDeactivated",
          "PromotionRemoved",
        ] as const);
        if (type === "PromotionUpdated")
          push(`promotion-${promotionId}`, [
            {
              type,
              data: {
                promotionId,
                title: `Sale ${counter}`,
                description: "d",
                imageUrl: "/media/promotions/p.png",
              },
            },
          ]);
        else push(`promotion-${promotionId}`, [{ type, data: { promotionId } }]);
        if (type === "PromotionRemoved") promotions.splice(promotions.indexOf(promotionId), 1);
        return;
      }
      const promotionId = id();
      promotions.push(promotionId);
      push(`promotion-${promotionId}`, [
        {
          type: "PromotionCreated",
          data: {
            promotionId,
            title: `Sale ${counter}`,
            description: "d",
            imageUrl: "/media/promotions/p.png",
            redirectUrl: "/notebooks",
          },
        },
      ]);
    },
    () => {
      const u = users.length ? pick(users) : null;
      if (!u || !products.length) return;
      const cart = carts.get(u.id) ?? new Map<string, number>();
      carts.set(u.id, cart);
      const userId = u.id;
      const roll = next();
      if (cart.size && roll < 0.2) {
        const productId = pick([...cart.keys()]);
        cart.delete(productId);
        push(`cart-${userId}`, [{ type: "CartItemRemoved", data: { userId, productId } }], system);
      } else if (cart.size && roll < 0.4) {
        const productId = pick([...cart.keys()]);
        const quantity = 1 + Math.floor(next() * 9);
        cart.set(productId, quantity);
        push(
          `cart-${userId}`,
          [{ type: "CartItemQuantityChanged", data: { userId, productId, quantity } }],
          system,
        );
      } else if (cart.size && roll < 0.6) {
        const orderId = placeOrder(
          u,
          [...cart].map(([productId, quantity]) => ({ productId, quantity })),
          { kind: "cart" },
        );
        if (!orderId) return;
        cart.clear();
        push(`cart-${userId}`, [{ type: "CartCheckedOut", data: { userId, orderId } }], system);
      } else {
        const productId = pick(products).id;
        const quantity = 1 + Math.floor(next() * 3);
        cart.set(productId, (cart.get(productId) ?? 0) + quantity);
        push(`cart-${userId}`, [{ type: "CartItemAdded", data: { userId, productId, quantity } }], system);
      }
    },
    () => {
      const u = users.length ? pick(users) : null;
      if (!u || !products.length) return;
      if (orders.length && next() < 0.6) {
        const o = pick(orders);
        if (o.status === 3) return;
        const roll = next();
        if (roll < 0.4) {
          const to = o.status === 1 ? 2 : 1;
          push(`order-${o.id}`, [
            { type: "OrderStatusChanged", data: { orderId: o.id, from: o.status, to, changedAt: at() } },
          ]);
          o.status = to;
        } else if (roll < 0.7) {
          push(`order-${o.id}`, [
            {
              type: "DeliveryOtpSent",
              data: { orderId: o.id, sentTo: "u***@example.com", expiresAt: at(), sentAt: at() },
            },
          ]);
        } else {
          push(`order-${o.id}`, [
            { type: "OrderDelivered", data: { orderId: o.id, from: o.status, deliveredAt: at() } },
          ]);
          o.status = 3;
        }
        return;
      }
      placeOrder(u, [{ productId: pick(products).id, quantity: 1 + Math.floor(next() * 3) }], {
        kind: "direct",
      });
    },
    () => {
      const messageId = id();
      push(
        `message-${messageId}`,
        [
          {
            type: "MessageSent",
            data: {
              messageId,
              name: `Visitor ${counter}`,
              email: "v@example.com",
              message: "Hello",
              sentAt: at(),
            },
          },
        ],
        system,
      );
    },
    () => {
      const u = users.length ? pick(users) : null;
      if (!u) return;
      if (bookLists.length && next() < 0.5) {
        const bookListId = pick(bookLists);
        bookLists.splice(bookLists.indexOf(bookListId), 1);
        const orderId =
          next() < 0.5 && products.length
            ? placeOrder(u, [{ productId: pick(products).id, quantity: 1 }], { kind: "booklist", bookListId })
            : null;
        if (orderId)
          push(`booklist-${bookListId}`, [
            { type: "BookListOrdered", data: { bookListId, orderId, orderedAt: at() } },
          ]);
        else
          push(`booklist-${bookListId}`, [
            { type: "BookListDiscarded", data: { bookListId, discardedAt: at() } },
          ]);
        return;
      }
      const bookListId = id();
      bookLists.push(bookListId);
      push(
        `booklist-${bookListId}`,
        [
          {
            type: "BookListUploaded",
            data: {
              bookListId,
              customer: customer(u),
              shippingAddress: "Pune",
              imageUrl: "/media/bookList/l.png",
              uploadedAt: at(),
            },
          },
        ],
        system,
      );
    },
  ];
  // A first stretch builds a catalogue and customers, so later steps have something to act on.
  for (let i = 0; i < 10; i++) (steps[0] as () => void)();
  for (let i = 0; i < 5; i++) (steps[2] as () => void)();
  for (let i = 0; i < 20; i++) (steps[3] as () => void)();
  for (let i = 0; i < (opts.steps ?? 3000); i++) pick(steps)();
  return out;
};

/** Appends a history to an event store, each append on top of its stream's current revision. */
export const appendHistory = async (
  events: EventStore,
  appends: Append[],
  onEach?: (i: number) => Promise<void>,
) => {
  for (const [i, a] of appends.entries()) {
    await events.appendToStream(
      a.stream,
      a.events.map((e) => ({ type: e.type, data: e.data, metadata: a.metadata })),
      { expectedRevision: "any" },
    );
    await onEach?.(i);
  }
};
