import { EditSchoolBooks } from "../../../features/admin/components/EditSchoolBooks.tsx";
import { usePageTitle } from "../../../lib/use-page-title.ts";

export default function EditSchoolBooksRoute() {
  usePageTitle("Edit School Books");
  return <EditSchoolBooks />;
}
