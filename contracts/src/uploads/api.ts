import { z } from "zod";
import { type ApiRoute, commandRoute } from "../shared/apiRoutes.ts";
import { MEDIA_FOLDERS } from "../shared/fields.ts";

export const uploadsApi: ApiRoute[] = [
  commandRoute(
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
