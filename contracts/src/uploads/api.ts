import { z } from "zod";
import { type ApiRoute, commandRoute } from "../shared/apiRoutes.ts";
import { MEDIA_FOLDERS } from "../shared/fields.ts";
import { MAX_UPLOAD_TEXT } from "../shared/jobs.ts";

export const uploadsApi: ApiRoute[] = [
  commandRoute(
    "post",
    "/api/uploads",
    `Upload an image (png, jpeg or webp, at most ${MAX_UPLOAD_TEXT})`,
    "login (bookList), admin (other folders)",
    {
      status: 201,
      description: "`{ url }` once the image worker has stored it",
      schema: z.object({ url: z.string() }),
    },
    {
      multipart: z.object({
        file: z.string().describe("the image bytes (png, jpeg or webp)"),
        folder: z.enum(MEDIA_FOLDERS),
      }),
      errors: [401, 403, 413, 415],
    },
  ),
];
