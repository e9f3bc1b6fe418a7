import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { LoginBody, Texts, validate } from "@shop/contracts";
import { type FormEvent, useState } from "react";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { FormCard, fieldErrors, formValues } from "../../../components/ui/FormCard.tsx";
import { heldWhile } from "../../../components/ui/held.ts";
import { toast } from "../../../components/ui/toast.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { SESSION_ENDED, useSession } from "../../../stores/session.ts";
import { useLogin } from "../api/login.ts";

/** Spec §9: login and signup toasts close after 2000 ms. */
export const AUTH_TOAST_MS = 2000;

export const LoginForm = ({ onSuccess }: { onSuccess: () => void }) => {
  const login = useLogin();
  // Where /login was sent from travels on to /signup (and back), so either returns there.
  const location = useLocation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ended = useSession((s) => s.ended);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (login.isPending) return;
    const checked = validate(LoginBody, formValues(e.currentTarget));
    if (!checked.ok) {
      setErrors(fieldErrors(checked.errors));
      if (checked.missing) toast.error(checked.detail, { autoHideMs: AUTH_TOAST_MS });
      return;
    }
    setErrors({});
    login.mutate(checked.value, {
      onSuccess: () => {
        toast.success(Texts.loginSuccessful, { autoHideMs: AUTH_TOAST_MS });
        onSuccess();
      },
      // Spec §8: a failed login shows the server's own message.
      onError: (error) =>
        toast.error(isApiError(error) ? error.detail : Texts.failedToFetch, { autoHideMs: AUTH_TOAST_MS }),
    });
  };

  return (
    <FormCard title="Login" onSubmit={submit}>
      {ended && <Alert severity="info">{SESSION_ENDED}</Alert>}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        error={Boolean(errors.email)}
        helperText={errors.email}
        fullWidth
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        error={Boolean(errors.password)}
        helperText={errors.password}
        fullWidth
      />
      <Button type="submit" variant="contained" {...heldWhile(login.isPending)}>
        Login
      </Button>
      <Typography variant="body2">
        New here?{" "}
        <Link component={RouterLink} to="/signup" state={location.state}>
          Sign up
        </Link>
      </Typography>
    </FormCard>
  );
};
