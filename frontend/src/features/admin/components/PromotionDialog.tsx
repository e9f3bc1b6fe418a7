import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type Promotion, PromotionBody, PromotionUpdateBody } from "@shop/contracts";
import { type FormEvent, useState } from "react";
import { formValues } from "../../../components/ui/FormCard.tsx";
import { toast } from "../../../components/ui/toast.ts";
import { useZodForm } from "../../../lib/use-zod-form.ts";
import { useCreatePromotion } from "../api/create-promotion.ts";
import { useUpdatePromotion } from "../api/update-promotion.ts";
import { useImageUpload } from "../hooks/useImageUpload.ts";
import { pendingImageUrl } from "./form-values.ts";
import { ImagePicker } from "./ImagePicker.tsx";
import { FormButtons } from "./ProductForm.tsx";
import { withSavingToast } from "./saving-toast.ts";

const SAVED = { success: "Promotion Updated successfully", error: "Some error occured!" };

interface PromotionDialogProps {
  open: boolean;
  /** Update mode when given: the image becomes optional (spec §5). */
  promotion?: Promotion | undefined;
  onClose: () => void;
}

const PromotionForm = ({
  promotion,
  onSaved,
  onCancel,
}: {
  promotion?: Promotion | undefined;
  onSaved: () => void;
  onCancel: () => void;
}) => {
  const create = useCreatePromotion();
  const update = useUpdatePromotion();
  const { upload, progress } = useImageUpload("promotions");
  const [file, setFile] = useState<File | null>(null);
  // Adding needs an image; updating keeps the current one unless another is picked (spec §5).
  const adding = useZodForm(PromotionBody);
  const updating = useZodForm(PromotionUpdateBody);
  const form = promotion ? updating : adding;
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { title = "", description = "", redirectUrl = "" } = formValues(e.currentTarget);
    const base = { title, description, ...(redirectUrl.trim() && { redirectUrl }) };
    const image = file ? { imageUrl: pendingImageUrl("promotions") } : {};
    const checked = promotion
      ? updating.check({ ...base, ...image })
      : adding.check({ ...base, imageUrl: image.imageUrl ?? "" });
    if (!checked.ok) {
      toast.error(checked.detail);
      return;
    }
    setBusy(true);
    const saved = await withSavingToast(async () => {
      const imageUrl = file ? await upload(file) : undefined;
      const input = { ...checked.value, ...(imageUrl && { imageUrl }) };
      if (promotion) await update.mutateAsync({ id: promotion.id, input });
      else await create.mutateAsync({ ...input, imageUrl: imageUrl ?? "" });
    }, SAVED);
    setBusy(false);
    if (saved) onSaved();
  };

  const field = (name: "title" | "description" | "redirectUrl", label: string, multiline = false) => (
    <TextField
      {...form.field(name)}
      label={label}
      defaultValue={promotion?.[name] ?? ""}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      fullWidth
    />
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} aria-label="Promotion" spacing={2} sx={{ pt: 1 }}>
      {field("title", "Title")}
      {field("description", "Description", true)}
      {field("redirectUrl", "Redirect Link")}
      <ImagePicker
        file={file}
        onChange={setFile}
        progress={progress}
        currentUrl={promotion?.imageUrl}
        error={form.errors.imageUrl}
      />
      <FormButtons submitLabel={promotion ? "Update" : "Add"} busy={busy} onCancel={onCancel} />
    </Stack>
  );
};

/** The add/update modal; closing it unmounts the form, so its fields start afresh next time. */
export const PromotionDialog = ({ open, promotion, onClose }: PromotionDialogProps) => (
  <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="promotion-dialog-title">
    <DialogTitle id="promotion-dialog-title">{promotion ? "Update Promotion" : "Add Promotion"}</DialogTitle>
    <DialogContent>
      <PromotionForm
        key={promotion?.id ?? "new"}
        promotion={promotion}
        onSaved={onClose}
        onCancel={onClose}
      />
    </DialogContent>
  </Dialog>
);
