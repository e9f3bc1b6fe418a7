import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { Texts } from "@shop/contracts";
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from "react";
import { CustomerFields } from "../../../components/ui/CustomerFields.tsx";
import { FormCard } from "../../../components/ui/FormCard.tsx";
import { PENDING_TOAST_MS, SHORT_TOAST_MS, toast } from "../../../components/ui/toast.ts";
import {
  IMAGE_ACCEPT,
  refusalOf,
  UPLOAD_LIMIT_TEXT,
  uploader,
  uploadFailureText,
} from "../../../lib/upload.ts";
import { useCurrentUser } from "../../../stores/session.ts";
import { useCreateBookList } from "../api/create-booklist.ts";

export const SAVING = "Saving data...";
export const BOOKLIST_SENT = "Booklist sent successfully";
export const BOOKLIST_FAILED = "Failed to add book!";

/** Spec "Upload Book List": the user's details read-only, address editable, a png/jpg/jpeg photo. */
export const BookListForm = () => {
  const user = useCurrentUser();
  const [address, setAddress] = useState(user?.address ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const chosenId = useId();
  const create = useCreateBookList();
  const busy = uploading || create.isPending;

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    const refusal = chosen && refusalOf(chosen);
    if (refusal) {
      // Spec §5: the wrong type (or, here, too large a file) is refused and the file cleared.
      toast.error(refusal, { autoHideMs: SHORT_TOAST_MS });
      e.target.value = "";
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  const reset = () => {
    setFile(null);
    setProgress(null);
    if (input.current) input.current.value = "";
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!file || address.trim() === "") {
      toast.error(Texts.bookListMissing, { autoHideMs: SHORT_TOAST_MS });
      return;
    }
    const pending = toast.info(SAVING, { autoHideMs: PENDING_TOAST_MS });
    const fail = (text: string) => {
      toast.dismiss(pending);
      toast.error(text, { autoHideMs: SHORT_TOAST_MS });
      setProgress(null);
    };
    setUploading(true);
    setProgress(0);
    try {
      let url: string;
      try {
        url = (await uploader.upload(file, "bookList", setProgress)).url;
      } catch (error) {
        // The server's reason for refusing the photo ('File too large', …) is what the user needs.
        fail(uploadFailureText(error, BOOKLIST_FAILED));
        return;
      }
      try {
        await create.mutateAsync({ shippingAddress: address.trim(), imageUrl: url });
      } catch {
        fail(BOOKLIST_FAILED);
        return;
      }
      toast.dismiss(pending);
      toast.success(BOOKLIST_SENT, { autoHideMs: SHORT_TOAST_MS });
      reset();
    } finally {
      setUploading(false);
    }
  };

  return (
    <FormCard title="Upload Book List" onSubmit={submit}>
      <CustomerFields user={user} address={address} onAddressChange={setAddress} disabled={busy} />
      <Box>
        {/* A real button that clicks the hidden input (as the admin forms' ImagePicker): a label with
            the button role around a focusable input was two tab stops, one invisible, and a control
            nested in a control (axe nested-interactive). */}
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() => input.current?.click()}
          aria-describedby={chosenId}
        >
          Choose book list photo
        </Button>
        <input
          ref={input}
          type="file"
          name="file"
          accept={IMAGE_ACCEPT}
          onChange={pick}
          aria-label="Book list photo"
          hidden
        />
        <Typography
          id={chosenId}
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1 }}
          data-testid="chosen-file"
        >
          {file ? `${file.name} (${UPLOAD_LIMIT_TEXT})` : `Photo: ${UPLOAD_LIMIT_TEXT}`}
        </Typography>
      </Box>
      {progress !== null && (
        <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
      )}
      <Button type="submit" variant="contained" disabled={busy}>
        Upload
      </Button>
    </FormCard>
  );
};
