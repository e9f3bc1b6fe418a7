import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export interface MessageInput {
  name: string;
  email: string;
  message: string;
}

export const sendMessage = (input: MessageInput) =>
  api.post<{ id: string; position: string }>("/api/messages", input);

export const useSendMessage = () => useMutation({ mutationFn: sendMessage });
