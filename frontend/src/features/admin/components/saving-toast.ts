import { PENDING_TOAST_MS, type ToastOptions, toast } from "../../../components/ui/toast.ts";

export const UPLOAD_FAILED = "error in uploading image!";
const SAVING = "Saving data...";

export interface SavingTexts {
  success: string;
  error: string;
}

/** An error whose toast was already shown (the image upload), so the save's own error toast is skipped. */
class Reported extends Error {}

/** Marks a failed image upload: its toast reads 'error in uploading image!' (spec §8). */
export const reportUploadFailure = (): never => {
  toast.error(UPLOAD_FAILED);
  throw new Reported(UPLOAD_FAILED);
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
