import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { FormEventHandler, ReactNode } from "react";

interface FormCardProps {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/** A centred, titled form; fields are checked in code (`noValidate`) with the contracts' schemas. */
export const FormCard = ({ title, onSubmit, children }: FormCardProps) => (
  <Paper variant="outlined" sx={{ maxWidth: 440, mx: "auto", my: 4, p: { xs: 2, sm: 4 } }}>
    <Typography component="h1" variant="h5" gutterBottom>
      {title}
    </Typography>
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label={title}>
      {children}
    </Stack>
  </Paper>
);

/** Field errors from a validation result or a problem document, keyed by field name. */
export const fieldErrors = (errors: { path: string; message: string }[]): Record<string, string> =>
  Object.fromEntries(errors.map((e) => [e.path, e.message]));

export const formValues = (form: HTMLFormElement): Record<string, string> => {
  const values: Record<string, string> = {};
  for (const [k, v] of new FormData(form)) if (typeof v === "string") values[k] = v;
  return values;
};
