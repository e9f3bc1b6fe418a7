// A query key the app-wide live dispatcher patches (app/live/handlers.ts), apart from the query
// hook so the first load carries no query hook code.

export const usersKey = ["users", "list"] as const;
