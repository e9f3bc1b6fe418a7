import { z } from "zod";
import { BookListBody, BookListOrderBody } from "../booklists/commands.ts";
import { AddCartItemBody, ChangeCartQuantityBody, CheckoutBody } from "../carts/commands.ts";
import {
  ProductBody,
  PromotionActiveBody,
  PromotionBody,
  PromotionUpdateBody,
  SchoolBody,
} from "../catalogue/commands.ts";
import { MessageBody } from "../messages/commands.ts";
import { OtpBody, PlaceOrderBody, StatusBody } from "../orders/commands.ts";
import { MEDIA_FOLDERS, Position } from "../shared/fields.ts";
import { LoginBody, ProfileBody, RoleBody, SignupBody } from "../users/commands.ts";
import {
  NoQuery,
  OrdersQuery,
  PageQuery,
  ProductsQuery,
  PromotionsQuery,
  SchoolBooksQuery,
  SearchQuery,
} from "./queries.ts";
import {
  AuditEventSchema,
  BookListSchema,
  CartSchema,
  itemsOf,
  MessageSchema,
  OrderSchema,
  OrderSummarySchema,
  ProductSchema,
  PromotionSchema,
  pageOf,
  SchoolSchema,
  UserSchema,
} from "./responses.ts";

/**
 * Every route of API.md, once: the OpenAPI document is generated from this table and the HTTP
 * metrics label requests with its path templates. Bodies and query strings are the same zod
 * schemas the services parse with, so the document cannot drift from what the code accepts.
 */
export type ApiMethod = "get" | "post" | "put" | "patch" | "delete";

export interface ApiRoute {
  method: ApiMethod;
  /** Express-style template, e.g. `/api/orders/:id`. */
  path: string;
  summary: string;
  /** Who may call it (API.md's "who" column). */
  who: string;
  body?: z.ZodObject;
  /** multipart/form-data instead of JSON (uploads). */
  multipart?: z.ZodObject;
  query?: z.ZodObject;
  success: { status: number; description: string; schema?: z.ZodType };
  /** Problem statuses this route answers besides 400 and 500. */
  errors: number[];
}

const PositionAnswer = Position.describe("event-store position, a decimal string");
const Positioned = z.object({ position: PositionAnswer });
const Created = z.object({ id: z.uuid(), position: PositionAnswer });
const OrderCreated = z.object({ orderId: z.uuid(), position: PositionAnswer });

const get = (path: string, summary: string, who: string, answer: z.ZodType, extra: Partial<ApiRoute> = {}) =>
  ({
    method: "get",
    path,
    summary,
    who,
    query: NoQuery,
    success: { status: 200, description: summary, schema: answer },
    errors: who === "public" ? [] : [401, 403],
    ...extra,
  }) satisfies ApiRoute;

const command = (
  method: Exclude<ApiMethod, "get">,
  path: string,
  summary: string,
  who: string,
  success: ApiRoute["success"],
  extra: Partial<ApiRoute> = {},
) =>
  ({
    method,
    path,
    summary,
    who,
    success,
    errors: who === "public" ? [409] : [401, 403, 404, 409],
    ...extra,
  }) satisfies ApiRoute;

const positioned = { status: 200, description: "`{ position }`", schema: Positioned };
const created = { status: 201, description: "`{ id, position }`", schema: Created };

export const API_ROUTES: ApiRoute[] = [
  get("/api/auth/me", "The logged-in user", "login", z.strictObject({ user: UserSchema })),
  get(
    "/api/promotions",
    "Promotions (active; all with `all=true`)",
    "public; admin with all=true",
    itemsOf(PromotionSchema),
    {
      query: PromotionsQuery,
      errors: [401, 403],
    },
  ),
  get("/api/schools", "Every school", "public", itemsOf(SchoolSchema)),
  get("/api/schools/:id", "One school", "public", SchoolSchema, { errors: [404] }),
  get("/api/schools/:id/books", "A school's books", "public", itemsOf(ProductSchema), {
    query: SchoolBooksQuery,
    errors: [404],
  }),
  get("/api/products", "Products by title, paged", "public", pageOf(ProductSchema), { query: ProductsQuery }),
  get("/api/products/:id", "One product", "public", ProductSchema, { errors: [404] }),
  get(
    "/api/search",
    "Schools and the best five products matching `q`",
    "public",
    z.strictObject({ schools: z.array(SchoolSchema), products: z.array(ProductSchema) }),
    { query: SearchQuery },
  ),
  get("/api/cart", "The user's cart", "login", CartSchema),
  get(
    "/api/orders",
    "Orders, newest first",
    "login; scope=all: admin, delivery",
    pageOf(OrderSummarySchema),
    {
      query: OrdersQuery,
    },
  ),
  get("/api/orders/:id", "One order", "its customer, admin, delivery", OrderSchema, {
    errors: [401, 403, 404],
  }),
  get(
    "/api/orders/:id/events",
    "An order's audit history from the event store",
    "admin",
    itemsOf(AuditEventSchema),
    {
      errors: [401, 403, 404],
    },
  ),
  get("/api/messages", "Contact messages, newest first", "admin", pageOf(MessageSchema), {
    query: PageQuery,
  }),
  get("/api/booklists", "Uploaded book lists, newest first", "admin", pageOf(BookListSchema), {
    query: PageQuery,
  }),
  get("/api/users", "Accounts", "admin", pageOf(UserSchema), { query: PageQuery }),

  command(
    "post",
    "/api/auth/signup",
    "Sign up (logged in at once)",
    "public",
    {
      status: 201,
      description: "`{ user, token, position }` and the session cookie",
    },
    { body: SignupBody.schema, errors: [409, 429] },
  ),
  command(
    "post",
    "/api/auth/login",
    "Log in",
    "public",
    {
      status: 200,
      description: "`{ user, token }` and the session cookie",
    },
    { body: LoginBody.schema, errors: [401, 429] },
  ),
  command(
    "post",
    "/api/auth/logout",
    "Log out (revokes the token)",
    "login",
    {
      status: 204,
      description: "cookie cleared",
    },
    { errors: [401] },
  ),
  command(
    "patch",
    "/api/profile",
    "Update one's profile",
    "login",
    {
      status: 200,
      description: "`{ user, position }`",
    },
    { body: ProfileBody.schema, errors: [401] },
  ),
  command("post", "/api/schools", "Add a school", "admin", created, { body: SchoolBody.schema }),
  command("put", "/api/schools/:id", "Update a school", "admin", positioned, { body: SchoolBody.schema }),
  command("delete", "/api/schools/:id", "Remove a school", "admin", positioned),
  command("post", "/api/products", "Add a product", "admin", created, { body: ProductBody.schema }),
  command("put", "/api/products/:id", "Update a product", "admin", positioned, { body: ProductBody.schema }),
  command("delete", "/api/products/:id", "Remove a product", "admin", positioned),
  command("post", "/api/promotions", "Create a promotion (active)", "admin", created, {
    body: PromotionBody.schema,
  }),
  command("put", "/api/promotions/:id", "Update a promotion", "admin", positioned, {
    body: PromotionUpdateBody.schema,
  }),
  command(
    "put",
    "/api/promotions/:id/active",
    "Activate or deactivate a promotion",
    "admin",
    {
      status: 200,
      description: "`{ promotion, position }`",
    },
    { body: PromotionActiveBody.schema },
  ),
  command("delete", "/api/promotions/:id", "Remove a promotion", "admin", positioned),
  command("post", "/api/cart/items", "Add to the cart", "login", positioned, {
    body: AddCartItemBody.schema,
  }),
  command(
    "patch",
    "/api/cart/items/:productId",
    "Change a line's quantity (0 removes it)",
    "login",
    positioned,
    {
      body: ChangeCartQuantityBody.schema,
    },
  ),
  command("delete", "/api/cart/items/:productId", "Remove a cart line", "login", positioned),
  command(
    "post",
    "/api/cart/checkout",
    "Order the cart",
    "login",
    {
      status: 201,
      description: "`{ orderId, position }`",
      schema: OrderCreated,
    },
    { body: CheckoutBody.schema },
  ),
  command(
    "post",
    "/api/orders",
    "Place an order",
    "login",
    {
      status: 201,
      description: "`{ orderId, position }`",
      schema: OrderCreated,
    },
    { body: PlaceOrderBody.schema },
  ),
  command("put", "/api/orders/:id/status", "Change an order's status", "admin", positioned, {
    body: StatusBody.schema,
  }),
  command(
    "post",
    "/api/orders/:id/delivery-otp",
    "Mail a delivery OTP to the customer",
    "admin, delivery",
    {
      status: 202,
      description: "`{ sentTo, expiresAt, position }`",
    },
    { errors: [401, 403, 404, 409, 429] },
  ),
  command(
    "post",
    "/api/orders/:id/delivery-confirmation",
    "Confirm delivery with the OTP",
    "admin, delivery",
    positioned,
    {
      body: OtpBody.schema,
      errors: [401, 403, 404, 409, 422, 429],
    },
  ),
  command("post", "/api/messages", "Send a contact message", "public", created, {
    body: MessageBody.schema,
    errors: [429],
  }),
  command("post", "/api/booklists", "Upload a book list", "login", created, { body: BookListBody.schema }),
  command(
    "post",
    "/api/booklists/:id/orders",
    "Order for a book list's customer",
    "admin",
    {
      status: 201,
      description: "`{ orderId, position }`",
      schema: OrderCreated,
    },
    { body: BookListOrderBody.schema },
  ),
  command("delete", "/api/booklists/:id", "Discard a book list", "admin", positioned),
  command("put", "/api/users/:id/role", "Change a user's role", "admin", positioned, {
    body: RoleBody.schema,
  }),
  command(
    "post",
    "/api/uploads",
    "Upload an image (png or jpeg, at most 5 MB)",
    "login (bookList), admin (other folders)",
    {
      status: 201,
      description: "`{ url }` once the image worker has stored it",
      schema: z.object({ url: z.string() }),
    },
    {
      multipart: z.object({
        file: z.string().describe("the image bytes (png or jpeg)"),
        folder: z.enum(MEDIA_FOLDERS),
      }),
      errors: [401, 403, 413, 415],
    },
  ),
];

const templateRegex = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z]+/g, "[^/]+")}/?$`);
const matchers = API_ROUTES.map((r) => ({
  method: r.method.toUpperCase(),
  path: r.path,
  re: templateRegex(r.path),
}));

/**
 * The route template a request matched, for metrics labels (bounded cardinality: ids never
 * become labels). HEAD counts as GET, as the gateway routes it; unknown API paths are `/api/*`.
 */
export const apiRouteOf = (method: string, path: string): string | undefined => {
  if (path !== "/api" && !path.startsWith("/api/")) return undefined;
  const m = method === "HEAD" ? "GET" : method;
  return matchers.find((r) => r.method === m && r.re.test(path))?.path ?? "/api/*";
};
