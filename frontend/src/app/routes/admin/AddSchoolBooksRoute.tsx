import { AddSchoolBooks } from "../../../features/admin/components/AddSchoolBooks.tsx";
import { usePageTitle } from "../../../lib/use-page-title.ts";

export default function AddSchoolBooksRoute() {
  usePageTitle("Add School Books");
  return <AddSchoolBooks />;
}
