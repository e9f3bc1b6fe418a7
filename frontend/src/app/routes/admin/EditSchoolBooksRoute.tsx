import { EditSchoolBooks } from "../../../features/admin/components/EditSchoolBooks.tsx";

export default function EditSchoolBooksRoute() {
  return <EditSchoolBooks />;
}
