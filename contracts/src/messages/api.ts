import { type ApiRoute, commandRoute, created, getRoute } from "../shared/apiRoutes.ts";
import { PageQuery } from "../shared/queries.ts";
import { pageOf } from "../shared/readModel.ts";
import { MessageSchema } from "./readModel.ts";
import { MessageBody } from "./requests.ts";

export const messagesApi: ApiRoute[] = [
  getRoute("/api/messages", "Contact messages, newest first", "admin", pageOf(MessageSchema), {
    query: PageQuery,
  }),
  commandRoute("post", "/api/messages", "Send a contact message", "public", created, {
    body: MessageBody.schema,
    errors: [429],
  }),
];
