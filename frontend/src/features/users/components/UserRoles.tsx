import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { ACC_TYPES, RoleBody, Texts, type User } from "@shop/contracts";
import { useRef, useState } from "react";
import { LoadMore } from "../../../components/ui/LoadMore.tsx";
import { breakAnywhere, tableCards } from "../../../components/ui/tableCards.ts";
import { toast } from "../../../components/ui/toast.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { useZodForm } from "../../../lib/use-zod-form.ts";
import { useCurrentUser } from "../../../stores/session.ts";
import { useUsers } from "../api/get-users.ts";
import { useSetUserRole } from "../api/set-user-role.ts";

export const ROLE_NAMES: Record<number, string> = { 1: "Admin", 2: "Delivery", 3: "Customer" };
export const ROLE_UPDATED = "Role updated!";

/** Four columns and a role select fit a table from 900 px. */
const cards = tableCards(900);

/**
 * A role is chosen, then saved: a closed native select changes as a keyboard's arrow keys move
 * through it, so saving on change gave an account Delivery or Admin rights at one stray key press
 * (WCAG 3.2.2). The choice follows the account's role as it changes live until the admin edits it.
 */
const RoleSelect = ({ user, self }: { user: User; self: boolean }) => {
  const setRole = useSetUserRole();
  const form = useZodForm(RoleBody);
  const current = String(user.accType);
  const [draft, setDraft] = useState(current);
  const [edited, setEdited] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  // A live change of the account's role shows, unless the admin is choosing another; a choice
  // is an edit until the account's role is what was chosen (saved, or chosen back).
  if (edited && draft === current) setEdited(false);
  else if (!edited && draft !== current) setDraft(current);
  const save = () => {
    const checked = form.check({ accType: Number(draft) });
    if (!checked.ok) return;
    // Save is disabled from here on (saving, then nothing left to save), and a disabled button
    // drops the keyboard's focus to the page: it goes back to the role, where the admin was working.
    select.current?.focus();
    setRole.mutate(
      { userId: user.id, accType: checked.value.accType },
      {
        onSuccess: () => toast.success(ROLE_UPDATED),
        onError: (e) => toast.error(isApiError(e) ? e.detail : Texts.failedToFetch),
      },
    );
  };
  return (
    <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
      <TextField
        select
        size="small"
        label={`Role of ${user.name}`}
        inputRef={select}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          setEdited(true);
        }}
        disabled={self}
        helperText={self ? "Your own role" : undefined}
        slotProps={{ select: { native: true } }}
        sx={{ minWidth: 140 }}
      >
        {ACC_TYPES.map((t) => (
          <option key={t} value={t}>
            {ROLE_NAMES[t]}
          </option>
        ))}
      </TextField>
      {!self && (
        <Button
          variant="outlined"
          onClick={save}
          disabled={draft === current || setRole.isPending}
          aria-label={`Save role of ${user.name}`}
          sx={{ minHeight: 40 }}
        >
          Save
        </Button>
      )}
    </Box>
  );
};

/** Admins see every account with its role and change it (PUT /api/users/:id/role). */
export const UserRoles = () => {
  const users = useUsers();
  const me = useCurrentUser();
  if (users.isPending) return <Typography>Loading...</Typography>;
  if (users.isError) return <Alert severity="error">{Texts.failedToFetch}</Alert>;
  const rows = users.data.pages.flatMap((p) => p.items);
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Users" sx={cards}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>E-mail</TableCell>
              <TableCell>Phone</TableCell>
              <TableCell>Role</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((u) => (
              <TableRow key={u.id} data-testid="user-row">
                <TableCell data-label="Name" sx={breakAnywhere}>
                  {u.name}
                </TableCell>
                <TableCell data-label="E-mail" sx={breakAnywhere}>
                  {u.email}
                </TableCell>
                <TableCell data-label="Phone">{u.contact}</TableCell>
                <TableCell data-label="Role">
                  <RoleSelect user={u} self={u.id === me?.id} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <LoadMore pages={users} />
    </>
  );
};
