import Typography from "@mui/material/Typography";
import { MessageList } from "../../../features/admin/components/MessageList.tsx";

export default function ViewMessagesRoute() {
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        Messages
      </Typography>
      <MessageList />
    </>
  );
}
