import type { MediaFolder } from "@shop/contracts";
import { useCallback, useState } from "react";
import { uploader } from "../../../lib/upload.ts";
import { reportUploadFailure } from "../components/saving-toast.ts";

/** Uploads one image with its progress (0-100, null when idle); a failure toasts why (reportUploadFailure). */
export const useImageUpload = (folder: MediaFolder) => {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useCallback(
    async (file: File): Promise<string> => {
      setProgress(0);
      try {
        return (await uploader.upload(file, folder, setProgress)).url;
      } catch (error) {
        return reportUploadFailure(error);
      } finally {
        setProgress(null);
      }
    },
    [folder],
  );
  return { upload, progress };
};
