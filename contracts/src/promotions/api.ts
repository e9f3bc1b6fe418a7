import { z } from "zod";
import { type ApiRoute, commandRoute, created, getRoute, positioned } from "../shared/apiRoutes.ts";
import { itemsOf } from "../shared/readModel.ts";
import { PromotionSchema } from "./readModel.ts";
import { PromotionActiveBody, PromotionBody, PromotionUpdateBody } from "./requests.ts";

export const PromotionsQuery = z.object({ all: z.enum(["true", "false"]).optional() });

export const promotionsApi: ApiRoute[] = [
  getRoute(
    "/api/promotions",
    "Promotions (active; all with `all=true`)",
    "public; admin with all=true",
    itemsOf(PromotionSchema),
    { query: PromotionsQuery, errors: [401, 403] },
  ),
  commandRoute("post", "/api/promotions", "Create a promotion (active)", "admin", created, {
    body: PromotionBody.schema,
  }),
  commandRoute("put", "/api/promotions/:id", "Update a promotion", "admin", positioned, {
    body: PromotionUpdateBody.schema,
  }),
  commandRoute(
    "put",
    "/api/promotions/:id/active",
    "Activate or deactivate a promotion",
    "admin",
    { status: 200, description: "`{ promotion, position }`" },
    { body: PromotionActiveBody.schema },
  ),
  commandRoute("delete", "/api/promotions/:id", "Remove a promotion", "admin", positioned),
];
