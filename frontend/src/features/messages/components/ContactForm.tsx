import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import { MessageBody, Texts, validate } from "@shop/contracts";
import { type FormEvent, useState } from "react";
import { FormCard, fieldErrors, formValues } from "../../../components/ui/FormCard.tsx";
import { heldWhile } from "../../../components/ui/held.ts";
import { SHORT_TOAST_MS, toast } from "../../../components/ui/toast.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { useSendMessage } from "../api/send-message.ts";

export const MESSAGE_SENT = "Message Sent!";
export const MESSAGE_FAILED = "Cannot Send Message!";

/** Spec "Contact Us": all three fields required; success goes on (to /). */
export const ContactForm = ({ onSent }: { onSent: () => void }) => {
  const send = useSendMessage();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [missingOnly, setMissingOnly] = useState(false);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (send.isPending) return;
    const checked = validate(MessageBody, formValues(e.currentTarget));
    if (!checked.ok) {
      setErrors(fieldErrors(checked.errors));
      setMissingOnly(checked.missing);
      if (checked.missing) toast.error(Texts.messageMissing, { autoHideMs: SHORT_TOAST_MS });
      return;
    }
    setErrors({});
    send.mutate(checked.value, {
      onSuccess: () => {
        toast.success(MESSAGE_SENT);
        onSent();
      },
      // Too many messages: the spec's text, then how long to wait (the server's Retry-After).
      onError: (error) =>
        toast.error(
          isApiError(error) && error.status === 429 && error.retryAfterSeconds
            ? `${MESSAGE_FAILED} ${error.detail}`
            : MESSAGE_FAILED,
        ),
    });
  };

  // After 'Missing Some Data'-style texts the toast says it; the fields are only marked.
  const helper = (name: string) => (missingOnly ? undefined : errors[name]);

  return (
    <FormCard title="Contact Us" onSubmit={submit}>
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        error={Boolean(errors.name)}
        helperText={helper("name")}
        fullWidth
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        error={Boolean(errors.email)}
        helperText={helper("email")}
        fullWidth
      />
      <TextField
        label="Message"
        name="message"
        multiline
        minRows={4}
        error={Boolean(errors.message)}
        helperText={helper("message")}
        fullWidth
      />
      <Button type="submit" variant="contained" {...heldWhile(send.isPending)}>
        Send
      </Button>
    </FormCard>
  );
};
