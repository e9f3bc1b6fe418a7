import { useNavigate } from "react-router-dom";
import { ContactForm } from "../../features/messages/components/ContactForm.tsx";

export default function ContactUsRoute() {
  const navigate = useNavigate();
  return <ContactForm onSent={() => navigate("/")} />;
}
