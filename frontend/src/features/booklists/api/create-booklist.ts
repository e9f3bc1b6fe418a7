import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export interface BookListInput {
  shippingAddress: string;
  imageUrl: string;
}

export const createBookList = (input: BookListInput) =>
  api.post<{ id: string; position: string }>("/api/booklists", input);

export const useCreateBookList = () => useMutation({ mutationFn: createBookList });
