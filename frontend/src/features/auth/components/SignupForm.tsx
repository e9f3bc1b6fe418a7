import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { SignupBody, Texts, validate } from "@shop/contracts";
import { type FormEvent, useState } from "react";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { FormCard, fieldErrors, formValues } from "../../../components/ui/FormCard.tsx";
import { heldWhile } from "../../../components/ui/held.ts";
import { toast } from "../../../components/ui/toast.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { useSignup } from "../api/signup.ts";
import { AUTH_TOAST_MS } from "./LoginForm.tsx";

export const SignupForm = ({ onSuccess }: { onSuccess: () => void }) => {
  const signup = useSignup();
  // Where /login was sent from travels on to /signup (and back), so either returns there.
  const location = useLocation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (signup.isPending) return;
    setMessage(null);
    const checked = validate(SignupBody, formValues(e.currentTarget));
    if (!checked.ok) {
      setErrors(fieldErrors(checked.errors));
      // Spec §5: a missing field reads 'Please fill all the details!'.
      if (checked.missing) toast.error(checked.detail, { autoHideMs: AUTH_TOAST_MS });
      return;
    }
    setErrors({});
    signup.mutate(checked.value, {
      onSuccess: () => {
        toast.success(Texts.signupSuccessful, { autoHideMs: AUTH_TOAST_MS });
        onSuccess();
      },
      onError: (error) => {
        toast.error(Texts.signupUnsuccessful, { autoHideMs: AUTH_TOAST_MS });
        if (isApiError(error)) {
          setErrors(fieldErrors(error.errors));
          setMessage(error.detail);
        }
      },
    });
  };

  const field = (name: string, label: string, type = "text", autoComplete = name) => (
    <TextField
      label={label}
      name={name}
      type={type}
      autoComplete={autoComplete}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      fullWidth
    />
  );

  return (
    <FormCard title="Sign up" onSubmit={submit}>
      {field("name", "Name")}
      {field("email", "Email", "email")}
      {field("contact", "Phone", "tel", "tel")}
      {field("password", "Password", "password", "new-password")}
      <TextField
        label="Address"
        name="address"
        autoComplete="street-address"
        multiline
        minRows={2}
        error={Boolean(errors.address)}
        helperText={errors.address}
        fullWidth
      />
      {message && (
        <Alert severity="error" role="alert">
          {message}
        </Alert>
      )}
      <Button type="submit" variant="contained" {...heldWhile(signup.isPending)}>
        Sign up
      </Button>
      <Typography variant="body2">
        Already have an account?{" "}
        <Link component={RouterLink} to="/login" state={location.state}>
          Login
        </Link>
      </Typography>
    </FormCard>
  );
};
