import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { type ChangeEvent, useId } from "react";
import { toast } from "../../../components/ui/toast.ts";
import { IMAGE_ACCEPT, refusalOf, UPLOAD_LIMIT_TEXT } from "../../../lib/upload.ts";

interface ImagePickerProps {
  label?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** Upload progress in percent while uploading. */
  progress: number | null;
  /** The current image on an update form. */
  currentUrl?: string | undefined;
  /** The form's mark when no image was picked (useZodForm). */
  error?: string | undefined;
}

/** JPEG, PNG or WebP up to 15 MB (said beside the button); anything else is refused and the picker cleared. */
export const ImagePicker = ({
  label = "Image",
  file,
  onChange,
  progress,
  currentUrl,
  error,
}: ImagePickerProps) => {
  const id = useId();
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    const refusal = chosen && refusalOf(chosen);
    if (refusal) {
      toast.error(refusal);
      e.target.value = "";
      onChange(null);
      return;
    }
    onChange(chosen);
  };
  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Button component="label" htmlFor={id} variant="outlined" color={error ? "error" : "primary"}>
          {label}
        </Button>
        <input id={id} type="file" accept={IMAGE_ACCEPT} onChange={pick} hidden />
        <Typography variant="body2" color="text.secondary" data-testid="picked-file">
          {file ? file.name : currentUrl ? "Current image kept" : "No file chosen"}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="upload-limit">
          {UPLOAD_LIMIT_TEXT}
        </Typography>
        {currentUrl && !file && (
          <Box component="img" src={currentUrl} alt="Current" sx={{ height: 40, borderRadius: 1 }} />
        )}
      </Box>
      {error && (
        <Typography variant="caption" color="error" role="alert" data-testid="image-error">
          {error}
        </Typography>
      )}
      {progress !== null && (
        <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" sx={{ mt: 1 }} />
      )}
    </Box>
  );
};
