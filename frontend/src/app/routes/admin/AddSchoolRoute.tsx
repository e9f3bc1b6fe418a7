import { SchoolForm } from "../../../features/admin/components/SchoolForm.tsx";
import { usePageTitle } from "../../../lib/use-page-title.ts";

export default function AddSchoolRoute() {
  usePageTitle("Add School");
  return <SchoolForm />;
}
