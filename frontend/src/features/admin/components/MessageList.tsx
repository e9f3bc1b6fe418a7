import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { LoadMore } from "../../../components/ui/LoadMore.tsx";
import { formatIstDate } from "../../../lib/ist.ts";
import { useMessages } from "../api/get-messages.ts";

/** Spec §2: sender e-mail, date, name, message; newest first and live. */
export const MessageList = () => {
  const messages = useMessages();
  if (messages.isPending) return <Typography>Loading...</Typography>;
  if (messages.isError) return <Alert severity="error">Error in loading messages!</Alert>;
  const items = messages.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <Typography sx={{ my: 4 }}>No Message here!</Typography>;
  return (
    <Stack spacing={2} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
      {items.map((m) => (
        // A long e-mail, name or word breaks anywhere rather than run out of the card on a phone.
        <Paper
          key={m.id}
          component="li"
          variant="outlined"
          sx={{ p: 2, overflowWrap: "anywhere" }}
          data-testid="message"
        >
          <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
            <Typography sx={{ fontWeight: 600, minWidth: 0 }}>{m.email}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatIstDate(m.sentAt)}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {m.name}
          </Typography>
          <Typography sx={{ whiteSpace: "pre-wrap" }}>{m.message}</Typography>
        </Paper>
      ))}
      <LoadMore pages={messages} component="li" mt={0} />
    </Stack>
  );
};
