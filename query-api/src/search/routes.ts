import {
  type ProductDoc,
  productsCollection,
  productView,
  type SchoolDoc,
  SearchQuery,
  schoolsCollection,
  schoolView,
} from "@shop/contracts";
import { Router } from "express";
import type { QueryApiDeps } from "../deps.ts";
import { parseQuery } from "../http/pagination.ts";
import { bestMatches, escapeRegex } from "./ranking.ts";

const PRODUCT_MATCHES = 5;

/**
 * Case-insensitive substring search (API.md): every school matching on name, area or district,
 * and the best five products of any kind on title, author or subject. A substring cannot use an
 * index; the catalogue is small enough that matching it whole is cheap.
 */
export const searchRoutes = (deps: QueryApiDeps): Router => {
  const router = Router();

  router.get("/search", async (req, res) => {
    const q = parseQuery(SearchQuery, req.query).q.trim();
    if (!q) {
      res.json({ schools: [], products: [] });
      return;
    }
    const like = { $regex: escapeRegex(q), $options: "i" };
    const [schools, products] = await Promise.all([
      deps.docs
        .collection<SchoolDoc>(schoolsCollection.name)
        .find({ $or: [{ name: like }, { area: like }, { district: like }] }, { sort: { name: 1, _id: 1 } }),
      deps.docs
        .collection<ProductDoc>(productsCollection.name)
        .find({ $or: [{ title: like }, { author: like }, { subject: like }] }),
    ]);
    res.json({
      schools: schools.map(schoolView),
      products: bestMatches(products, q, PRODUCT_MATCHES).map(productView),
    });
  });

  return router;
};
