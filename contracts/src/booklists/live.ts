import type { BookList } from "./readModel.ts";

/** Both go to `role:admin`: an upload adds a card, an order or a discard changes one. */
export interface BookListsLive {
  "booklist.uploaded": { position: string; booklist: BookList };
  "booklist.updated": { position: string; booklist: BookList };
}
