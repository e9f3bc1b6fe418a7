import { AddSchoolBooks } from "../../../features/admin/components/AddSchoolBooks.tsx";

export default function AddSchoolBooksRoute() {
  return <AddSchoolBooks />;
}
