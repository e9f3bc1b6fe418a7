export { BookListSchema } from "../booklists/readModel.ts";
export { CartSchema } from "../carts/readModel.ts";
export { MessageSchema } from "../messages/readModel.ts";
export {
  AuditEventSchema,
  OrderSchema,
  OrderSummarySchema,
  TimelineEntrySchema,
} from "../orders/readModel.ts";
export { ProductSchema } from "../products/readModel.ts";
export { PromotionSchema } from "../promotions/readModel.ts";
export { SchoolSchema } from "../schools/readModel.ts";
export type { ApiMethod, ApiRoute } from "../shared/apiRoutes.ts";
export { itemsOf, pageOf } from "../shared/readModel.ts";
export { API_ROUTES, apiRouteOf } from "../shop/apiTable.ts";
export { openApiDocument } from "../shop/openapi.ts";
export { UserSchema } from "../users/readModel.ts";
