import type { BookList, Message } from "@shop/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { subscribe } from "../../../lib/socket.ts";
import { upsertBookList } from "../api/get-booklists.ts";
import { prependMessage } from "../api/get-messages.ts";

/** `message.received` (room role:admin): the new message goes on top of the list. */
export const useLiveMessages = (): void => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribe<{ message: Message }>("message.received", ({ message }) =>
        prependMessage(queryClient, message),
      ),
    [queryClient],
  );
};

/** `booklist.uploaded` adds a card, `booklist.updated` (ordered, discarded) changes one. */
export const useLiveBookLists = (): void => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const apply = ({ booklist }: { booklist: BookList }) => upsertBookList(queryClient, booklist);
    const offs = [subscribe("booklist.uploaded", apply), subscribe("booklist.updated", apply)];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);
};
