import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { ProfileBody, Texts, type User, validate } from "@shop/contracts";
import { type FormEvent, useState } from "react";
import { fieldErrors } from "../../../components/ui/FormCard.tsx";
import { SHORT_TOAST_MS, toast } from "../../../components/ui/toast.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { useUpdateProfile } from "../api/update-profile.ts";

export const PROFILE_UPDATED = "Profile Updated!";

export default function EditProfileDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const [values, setValues] = useState({ name: user.name, contact: user.contact, address: user.address });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateProfile();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (Object.values(values).some((v) => v.trim() === "")) {
      toast.error(Texts.signupMissing, { autoHideMs: SHORT_TOAST_MS });
      return;
    }
    const checked = validate(ProfileBody, values);
    if (!checked.ok) {
      setErrors(fieldErrors(checked.errors));
      return;
    }
    setErrors({});
    update.mutate(checked.value, {
      onSuccess: () => {
        toast.success(PROFILE_UPDATED);
        onClose();
      },
      onError: (error) => {
        if (isApiError(error)) setErrors(fieldErrors(error.errors));
        toast.error(isApiError(error) ? error.detail : Texts.failedToFetch);
      },
    });
  };

  const field = (name: keyof typeof values, label: string, multiline = false) => (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      disabled={update.isPending}
      fullWidth
    />
  );

  return (
    <Dialog
      open
      onClose={update.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="edit-profile-title"
    >
      <form onSubmit={submit} noValidate aria-label="Edit Profile">
        <DialogTitle id="edit-profile-title">Edit Profile</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {field("name", "Name")}
            {field("contact", "Contact")}
            {field("address", "Address", true)}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
