import { z } from "zod";
import { type ApiRoute, commandRoute, getRoute, positioned } from "../shared/apiRoutes.ts";
import { PageQuery } from "../shared/queries.ts";
import { pageOf } from "../shared/readModel.ts";
import { UserSchema } from "./readModel.ts";
import { LoginBody, ProfileBody, RoleBody, SignupBody } from "./requests.ts";

export const usersApi: ApiRoute[] = [
  getRoute("/api/auth/me", "The logged-in user", "login", z.strictObject({ user: UserSchema })),
  // The browser's session check on every page load: a visitor is an answer, not an error (the
  // session cookie is httpOnly, so the page cannot tell whether it has one before asking).
  getRoute(
    "/api/auth/session",
    "The session's user, or null for a visitor (never 401)",
    "public",
    z.strictObject({ user: UserSchema.nullable() }),
  ),
  getRoute("/api/users", "Accounts", "admin", pageOf(UserSchema), { query: PageQuery }),
  commandRoute(
    "post",
    "/api/auth/signup",
    "Sign up (logged in at once)",
    "public",
    { status: 201, description: "`{ user, token, position }` and the session cookie" },
    { body: SignupBody.schema, errors: [409, 429] },
  ),
  commandRoute(
    "post",
    "/api/auth/login",
    "Log in",
    "public",
    { status: 200, description: "`{ user, token }` and the session cookie" },
    { body: LoginBody.schema, errors: [401, 429] },
  ),
  commandRoute(
    "post",
    "/api/auth/logout",
    "Log out (revokes the token)",
    "login",
    { status: 204, description: "cookie cleared" },
    { errors: [401] },
  ),
  commandRoute(
    "patch",
    "/api/profile",
    "Update one's profile",
    "login",
    { status: 200, description: "`{ user, position }`" },
    { body: ProfileBody.schema, errors: [401] },
  ),
  commandRoute("put", "/api/users/:id/role", "Change a user's role", "admin", positioned, {
    body: RoleBody.schema,
  }),
];
