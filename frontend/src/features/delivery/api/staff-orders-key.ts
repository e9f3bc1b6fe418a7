// A query key the app-wide live dispatcher patches (app/live/handlers.ts), apart from the query
// hook so the first load carries no query hook code.

/** Every customer's orders (admin and delivery staff), kept current by live patches, not refetches. */
export const staffOrdersKey = ["orders", "list", "staff"] as const;
