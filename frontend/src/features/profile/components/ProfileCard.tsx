import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useCurrentUser } from "../../../stores/session.ts";

const EditProfileDialog = lazy(() => import("./EditProfileDialog.tsx"));

const Field = ({ label, value }: { label: string; value: string }) => (
  <Box
    sx={{
      display: "grid",
      gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "120px minmax(0, 1fr)" },
      gap: 0.5,
      py: 0.75,
    }}
  >
    <Typography component="dt" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" sx={{ m: 0, whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
      {value}
    </Typography>
  </Box>
);

/** Spec "Profile": name, address, contact, Edit Profile and Logout. */
export const ProfileCard = ({ logout }: { logout?: ReactNode }) => {
  const user = useCurrentUser();
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      {/* A long name or address wraps anywhere rather than widen the page on a phone. */}
      <Typography component="h1" variant="h5" gutterBottom sx={{ overflowWrap: "anywhere" }}>
        {user.name}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <Field label="Email" value={user.email} />
        <Field label="Address" value={user.address} />
        <Field label="Contact" value={user.contact} />
      </Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mt: 2 }}>
        <Button variant="contained" onClick={() => setEditing(true)}>
          Edit Profile
        </Button>
        {logout}
      </Box>
      {editing && (
        <Suspense fallback={null}>
          <EditProfileDialog user={user} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </Paper>
  );
};
