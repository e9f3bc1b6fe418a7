import {
  CATALOGUE_VERSION_ID,
  type CatalogueVersionDoc,
  catalogueVersionCollection,
  type Product,
  type ProductDoc,
  productsCollection,
  productView,
  rankSearch,
  type School,
  type SchoolDoc,
  SearchQuery,
  schoolsCollection,
  schoolView,
  searchTokensOf,
} from "@shop/contracts";
import { Router } from "express";
import type { QueryApiDeps } from "../deps.ts";
import { sendJson } from "../http/jsonBody.ts";
import { parseQuery } from "../http/pagination.ts";

const PRODUCT_MATCHES = 5;
/** Answers kept per catalogue version: the last distinct queries, most recent last. */
const ANSWERS_KEPT = 256;

interface Searchable<V> {
  id: string;
  title: string;
  tokens: readonly string[];
  titleTokens: readonly string[];
  view: V;
}

interface Answer {
  schools: School[];
  products: Product[];
}

/** The catalogue as search reads it, as of one catalogue version. */
interface SearchIndex {
  version: string;
  schools: Searchable<School>[];
  products: Searchable<Product>[];
  /** Each answer's JSON body by query: serialised once, sent as is while the version holds. */
  answers: Map<string, string>;
}

/**
 * Word search (API.md; contracts' search/matching.ts): every school matching on name, area or
 * district, and the best five products of any kind on the words the projector stored for each
 * (title, subject, author, publisher, school and class). Ranking is one pure function, so mingo
 * and MongoDB answer alike. The catalogue is small and changes only with school and product
 * events: its words, title words and answers are made once per catalogue version (the position of
 * the last such event, contracts' search/readModel.ts; read before the documents, so what is kept
 * is at least as new as the version it is kept under) and reused while orders move the read
 * models on. A read that waited for its `X-Min-Position` sees the version of every catalogue
 * event up to that position: the projector stores it before its checkpoint moves.
 */
export const searchRoutes = (deps: QueryApiDeps): Router => {
  const router = Router();
  let index: SearchIndex | undefined;
  let building: { version: string; index: Promise<SearchIndex> } | undefined;

  const catalogueVersion = async (): Promise<string> => {
    const doc = await deps.docs
      .collection<CatalogueVersionDoc>(catalogueVersionCollection.name)
      .findOne({ _id: CATALOGUE_VERSION_ID });
    // None yet: no catalogue event since the read models began keeping it.
    return doc?.position ?? "";
  };

  const load = async (version: string): Promise<SearchIndex> => {
    const [schools, products] = await Promise.all([
      deps.docs.collection<SchoolDoc>(schoolsCollection.name).find({}, { sort: { name: 1, _id: 1 } }),
      deps.docs.collection<ProductDoc>(productsCollection.name).find({}),
    ]);
    return {
      version,
      schools: schools.map((s) => ({
        id: s._id,
        title: s.name,
        tokens: searchTokensOf([s.name, s.area, s.district]),
        titleTokens: searchTokensOf([s.name]),
        view: schoolView(s),
      })),
      products: products.map((p) => ({
        id: p._id,
        title: p.title,
        tokens: p.searchTokens ?? [],
        titleTokens: searchTokensOf([p.title]),
        view: productView(p),
      })),
      answers: new Map(),
    };
  };

  const current = async (): Promise<SearchIndex> => {
    const version = await catalogueVersion();
    if (index?.version === version) return index;
    if (building?.version === version) return building.index;
    const pending = { version, index: load(version) };
    building = pending;
    pending.index.then(
      (made) => {
        index = made;
        if (building === pending) building = undefined;
      },
      () => {
        if (building === pending) building = undefined;
      },
    );
    return pending.index;
  };

  router.get("/search", async (req, res) => {
    const q = parseQuery(SearchQuery, req.query).q.trim();
    if (!q) {
      res.json({ schools: [], products: [] });
      return;
    }
    const found = await current();
    let body = found.answers.get(q);
    if (body !== undefined) found.answers.delete(q);
    else {
      const answer: Answer = {
        schools: rankSearch(found.schools, q, found.schools.length).map((s) => s.view),
        products: rankSearch(found.products, q, PRODUCT_MATCHES).map((p) => p.view),
      };
      body = JSON.stringify(answer);
    }
    found.answers.set(q, body);
    if (found.answers.size > ANSWERS_KEPT) found.answers.delete(found.answers.keys().next().value as string);
    // As res.json sends it (the app sets no JSON replacer or spaces), without serialising again.
    sendJson(res, body);
  });

  return router;
};
