import Typography from "@mui/material/Typography";
import { MessageList } from "../../../features/admin/components/MessageList.tsx";
import { usePageTitle } from "../../../lib/use-page-title.ts";

export default function ViewMessagesRoute() {
  usePageTitle("Messages");
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        Messages
      </Typography>
      <MessageList />
    </>
  );
}
