import { randomUUID } from "node:crypto";
import {
  productDecider,
  promotionDecider,
  schoolDecider,
  streamHandler,
  userDecider,
} from "@shop/command-api";
import { type AccType, type ProductFields, Streams, systemActor } from "@shop/contracts";
import {
  type CredentialStore,
  type EventStore,
  hashPassword,
  type MediaStore,
  userIdForEmail,
} from "@shop/platform";
import type { Logger } from "pino";
import { v5 as uuidv5 } from "uuid";
import { demoImage } from "./covers.ts";
import {
  DEMO_ACCOUNTS,
  DEMO_ADDRESS,
  DEMO_NOTEBOOKS,
  DEMO_PROMOTIONS,
  DEMO_SCHOOLS,
  DEMO_STATIONERY,
  subjectsFor,
} from "./demoCatalogue.ts";

const DEMO_NAMESPACE = "0d6f5c1e-8a3b-4f2e-9c7d-1b2a3c4d5e6f";
const demoId = (name: string) => uuidv5(name, DEMO_NAMESPACE);

export interface SeedDeps {
  events: EventStore;
  credentials: CredentialStore;
  media: MediaStore;
  logger: Logger;
}

/**
 * Makes sure the demo data exists, through the shop's own deciders with fixed ids: a stream that
 * already exists is left as it is, so seeding is idempotent and an interrupted seed completes on
 * the next start.
 */
export const seedDemo = async (deps: SeedDeps): Promise<{ appended: number }> => {
  let appended = 0;
  const users = streamHandler(deps.events, Streams.user, userDecider);
  const products = streamHandler(deps.events, Streams.product, productDecider);
  const schools = streamHandler(deps.events, Streams.school, schoolDecider);
  const promotions = streamHandler(deps.events, Streams.promotion, promotionDecider);
  const ctx = () => ({ actor: systemActor("demo-seed"), correlationId: randomUUID() });
  const exists = async (stream: string) => (await deps.events.readStream(stream)).length > 0;
  const now = new Date().toISOString();

  for (const a of DEMO_ACCOUNTS) {
    const userId = userIdForEmail(a.email);
    if (await exists(Streams.user(userId))) continue;
    const credentialId = demoId(`credential:${a.email}`);
    await deps.credentials.put(credentialId, await hashPassword(a.password));
    await users.handle(
      userId,
      {
        type: "RegisterUser",
        data: {
          userId,
          name: a.name,
          email: a.email,
          contact: a.contact,
          address: DEMO_ADDRESS,
          accType: a.accType as AccType,
          credentialId,
          now,
        },
      },
      ctx(),
    );
    appended++;
  }

  const addProduct = async (
    slug: string,
    fields: Omit<ProductFields, "imageUrl">,
    cover: [string, string, number],
  ) => {
    const productId = demoId(`product:${slug}`);
    if (await exists(Streams.product(productId))) return;
    const folder = fields.kind === "book" ? "books" : "stationeries";
    const imageUrl = await demoImage(deps.media, folder, slug, ...cover);
    await products.handle(productId, { type: "AddProduct", data: { ...fields, imageUrl, productId } }, ctx());
    appended++;
  };

  for (const [si, s] of DEMO_SCHOOLS.entries()) {
    const schoolId = demoId(`school:${s.slug}`);
    if (!(await exists(Streams.school(schoolId)))) {
      const { slug, ...fields } = s;
      const imageUrl = await demoImage(deps.media, "schools", slug, s.name, s.board, si);
      await schools.handle(
        schoolId,
        { type: "RegisterSchool", data: { ...fields, imageUrl, schoolId } },
        ctx(),
      );
      appended++;
    }
    for (let bookClass = 1; bookClass <= 12; bookClass++) {
      for (const [subjectIndex, subject] of subjectsFor(bookClass).entries()) {
        const price = 12000 + bookClass * 1500 + subjectIndex * 2500;
        await addProduct(
          `${s.slug}-class${bookClass}-${subject.toLowerCase()}`,
          {
            kind: "book",
            title: `${subject} Class ${bookClass}`,
            author:
              subject === "English"
                ? "Wren & Martin"
                : subject === "Science"
                  ? "Lakhmir Singh"
                  : "R. D. Sharma",
            publisher: s.board === "CBSE" ? "NCERT" : "Oxford University Press",
            publishedOn: "2025-04-01",
            edition: "2025",
            language: s.medium,
            subject,
            schoolId,
            class: bookClass,
            pricePaise: price,
            discountPaise: bookClass % 3 === 0 ? 0 : Math.round(price * 0.1),
            description: `${subject} textbook for class ${bookClass} at ${s.name}, as prescribed by the ${s.board} syllabus.`,
          },
          [`${subject} Class ${bookClass}`, s.board, bookClass + subjectIndex],
        );
      }
    }
  }

  const simple = [
    ...DEMO_NOTEBOOKS.map((n) => ({ ...n, kind: "notebook" as const })),
    ...DEMO_STATIONERY.map((n) => ({ ...n, kind: "stationery" as const })),
  ];
  for (const [i, n] of simple.entries()) {
    await addProduct(
      n.slug,
      {
        kind: n.kind,
        title: n.title,
        author: n.author,
        publisher: n.publisher,
        publishedOn: "2025-01-01",
        edition: "1",
        language: "English",
        pricePaise: n.price,
        discountPaise: n.discount,
        description: `${n.title} from ${n.publisher}, for school use.`,
      },
      [n.title, n.kind === "notebook" ? "Notebook" : "Stationery", i],
    );
  }

  for (const [i, p] of DEMO_PROMOTIONS.entries()) {
    const promotionId = demoId(`promotion:${p.slug}`);
    if (await exists(Streams.promotion(promotionId))) continue;
    const { slug, ...fields } = p;
    const imageUrl = await demoImage(deps.media, "promotions", slug, p.title, "Free delivery", i + 3);
    await promotions.handle(
      promotionId,
      { type: "CreatePromotion", data: { ...fields, imageUrl, promotionId } },
      ctx(),
    );
    appended++;
  }

  deps.logger.info({ appended }, "demo data in place");
  return { appended };
};
