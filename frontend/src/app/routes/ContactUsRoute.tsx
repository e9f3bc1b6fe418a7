import { useNavigate } from "react-router-dom";
import { ContactForm } from "../../features/messages/components/ContactForm.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";

export default function ContactUsRoute() {
  usePageTitle("Contact Us");
  const navigate = useNavigate();
  return <ContactForm onSent={() => navigate("/")} />;
}
