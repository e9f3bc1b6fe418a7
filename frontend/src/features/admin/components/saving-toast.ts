import { PENDING_TOAST_MS, type ToastOptions, toast } from "../../../components/ui/toast.ts";
import { uploadFailureText } from "../../../lib/upload.ts";

export const UPLOAD_FAILED = "error in uploading image!";
const SAVING = "Saving data...";

export interface SavingTexts {
  success: string;
  error: string;
}

/** An error whose toast was already shown (the image upload), so the save's own error toast is skipped. */
class Reported extends Error {}

/**
 * Marks a failed image upload: its toast says the server's reason when it refused the file ('File
 * too large', 'use only specified file type!'), else 'error in uploading image!' (spec §8).
 */
export const reportUploadFailure = (error?: unknown): never => {
  const text = uploadFailureText(error, UPLOAD_FAILED);
  toast.error(text);
  throw new Reported(text);
};

/**
 * Spec §4: a save shows the pending toast 'Saving data...', then its success or error text.
 * Resolves true when the work succeeded.
 */
export const withSavingToast = async (
  work: () => Promise<unknown>,
  texts: SavingTexts,
  options?: ToastOptions,
): Promise<boolean> => {
  const pending = toast.info(SAVING, { autoHideMs: PENDING_TOAST_MS });
  try {
    await work();
    toast.success(texts.success, options);
    return true;
  } catch (e) {
    if (!(e instanceof Reported)) toast.error(texts.error, options);
    return false;
  } finally {
    toast.dismiss(pending);
  }
};
