import type { School } from "@shop/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type SchoolInput = Omit<School, "id">;

export const createSchool = (input: SchoolInput) =>
  api.post<{ id: string; position: string }>("/api/schools", input);

export const useCreateSchool = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSchool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["products"] }),
  });
};
