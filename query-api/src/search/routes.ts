import {
  type ProductDoc,
  productsCollection,
  productView,
  rankSearch,
  type SchoolDoc,
  SearchQuery,
  schoolsCollection,
  schoolView,
  searchTokensOf,
} from "@shop/contracts";
import { Router } from "express";
import type { QueryApiDeps } from "../deps.ts";
import { parseQuery } from "../http/pagination.ts";

const PRODUCT_MATCHES = 5;

/**
 * Word search (API.md; contracts' search/matching.ts): every school matching on name, area or
 * district, and the best five products of any kind on the words the projector stored for each
 * (title, subject, author, publisher, school, class). Ranking is one pure function, so mingo and
 * MongoDB answer alike; the catalogue is small, so its words are read whole and ranked here, and
 * only the five winners are read in full.
 */
export const searchRoutes = (deps: QueryApiDeps): Router => {
  const router = Router();

  router.get("/search", async (req, res) => {
    const q = parseQuery(SearchQuery, req.query).q.trim();
    if (!q) {
      res.json({ schools: [], products: [] });
      return;
    }
    const products = deps.docs.collection<ProductDoc>(productsCollection.name);
    const [schools, words] = await Promise.all([
      deps.docs.collection<SchoolDoc>(schoolsCollection.name).find({}, { sort: { name: 1, _id: 1 } }),
      products.find({}, { projection: { _id: 1, title: 1, searchTokens: 1 } }),
    ]);
    const foundSchools = rankSearch(
      schools.map((s) => ({
        id: s._id,
        title: s.name,
        tokens: searchTokensOf([s.name, s.area, s.district]),
        s,
      })),
      q,
      schools.length,
    );
    const best = rankSearch(
      words.map((p) => ({ id: p._id, title: p.title, tokens: p.searchTokens ?? [] })),
      q,
      PRODUCT_MATCHES,
    );
    const full = best.length ? await products.find({ _id: { $in: best.map((b) => b.id) } }) : [];
    const byId = new Map(full.map((p) => [p._id, p]));
    res.json({
      schools: foundSchools.map((f) => schoolView(f.s)),
      products: best.flatMap((b) => {
        const p = byId.get(b.id);
        return p ? [productView(p)] : [];
      }),
    });
  });

  return router;
};
