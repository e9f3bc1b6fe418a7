import { z } from "zod";

export const SearchQuery = z.object({ q: z.string().max(100).default("") });
