import type { World } from "./world.ts";

const subjects = ["Mathematics", "Science", "English", "Hindi", "Social Studies", "Marathi"];

/** A product of any kind is added (books with a school and class), or one is repriced or removed. */
export const productStep = (w: World): void => {
  if (w.products.length && w.next() < 0.3) {
    const p = w.pick(w.products);
    if (w.next() < 0.15) {
      w.push(`product-${p.id}`, [{ type: "ProductRemoved", data: { productId: p.id } }]);
      w.products.splice(w.products.indexOf(p), 1);
    } else {
      p.price += 100;
      w.push(`product-${p.id}`, [
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
  const productId = w.id();
  const kind = w.pick(["book", "book", "notebook", "stationery"] as const);
  const subject = w.pick(subjects);
  const p = {
    id: productId,
    title: `${subject} ${w.counter()}`,
    kind,
    price: 1000 + Math.floor(w.next() * 50) * 100,
  };
  w.products.push(p);
  const book =
    kind === "book" && w.schools.length
      ? { subject, schoolId: w.pick(w.schools), class: 1 + Math.floor(w.next() * 12) }
      : {};
  w.push(`product-${productId}`, [
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
};
