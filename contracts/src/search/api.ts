import { z } from "zod";
import { ProductSchema } from "../products/readModel.ts";
import { SchoolSchema } from "../schools/readModel.ts";
import { type ApiRoute, getRoute } from "../shared/apiRoutes.ts";

export const SearchQuery = z.object({ q: z.string().max(100).default("") });

export const searchApi: ApiRoute[] = [
  getRoute(
    "/api/search",
    "Schools and the best five products matching `q`",
    "public",
    z.strictObject({ schools: z.array(SchoolSchema), products: z.array(ProductSchema) }),
    { query: SearchQuery },
  ),
];
