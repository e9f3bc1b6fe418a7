import { SchoolForm } from "../../../features/admin/components/SchoolForm.tsx";

export default function AddSchoolRoute() {
  return <SchoolForm />;
}
