import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import { Texts } from "@shop/contracts";
import { useParams } from "react-router-dom";
import { BuyNow } from "../../features/orders/components/BuyNow.tsx";
import { useSchool } from "../../features/schools/api/get-schools.ts";
import { SchoolBanner } from "../../features/schools/components/SchoolBanner.tsx";
import { SchoolBooks } from "../../features/schools/components/SchoolBooks.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";

export default function SchoolRoute() {
  const { id = "" } = useParams();
  const school = useSchool(id);
  usePageTitle(school.data?.name ?? "School");
  if (school.isPending) return <Typography>Loading...</Typography>;
  if (school.isError) return <Alert severity="error">{Texts.noSchoolFound}</Alert>;
  return (
    <>
      <SchoolBanner school={school.data} />
      <SchoolBooks
        key={id}
        schoolId={id}
        renderBuy={(selected, clear) => <BuyNow products={selected} source="school" onOrdered={clear} />}
      />
    </>
  );
}
