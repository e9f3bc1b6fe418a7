import TextField from "@mui/material/TextField";
import type { User } from "@shop/contracts";

interface CustomerFieldsProps {
  user: User | null;
  address: string;
  onAddressChange: (address: string) => void;
  addressError?: string | null;
  disabled?: boolean;
}

/** The order and book-list forms: name, e-mail and contact read-only, only the address editable. */
export const CustomerFields = ({
  user,
  address,
  onAddressChange,
  addressError,
  disabled,
}: CustomerFieldsProps) => (
  <>
    <TextField label="Name" value={user?.name ?? ""} slotProps={{ input: { readOnly: true } }} fullWidth />
    <TextField label="Email" value={user?.email ?? ""} slotProps={{ input: { readOnly: true } }} fullWidth />
    <TextField
      label="Contact"
      value={user?.contact ?? ""}
      slotProps={{ input: { readOnly: true } }}
      fullWidth
    />
    <TextField
      label="Shipping Address"
      // A phone offers the saved address (autofill's shipping section).
      autoComplete="shipping street-address"
      value={address}
      onChange={(e) => onAddressChange(e.target.value)}
      multiline
      minRows={2}
      disabled={disabled}
      error={Boolean(addressError)}
      helperText={addressError}
      fullWidth
    />
  </>
);
