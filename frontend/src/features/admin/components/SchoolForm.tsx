import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import { SchoolBody } from "@shop/contracts";
import { type FormEvent, useState } from "react";
import { FormCard, formValues } from "../../../components/ui/FormCard.tsx";
import { toast } from "../../../components/ui/toast.ts";
import { useZodForm } from "../../../lib/use-zod-form.ts";
import { useCreateSchool } from "../api/create-school.ts";
import { useImageUpload } from "../hooks/useImageUpload.ts";
import { numberOrBlank, pendingImageUrl } from "./form-values.ts";
import { ImagePicker } from "./ImagePicker.tsx";
import { withSavingToast } from "./saving-toast.ts";

/** Spec §9: the add-school form's toasts close after 1000 ms. */
export const SCHOOL_TOAST_MS = 1000;

const fields = [
  ["name", "School Name"],
  ["location", "Location"],
  ["area", "Area"],
  ["district", "District"],
  ["state", "State"],
  ["pincode", "Pincode"],
  ["board", "Affiliated Board"],
  ["medium", "Medium"],
] as const;

export const SchoolForm = () => {
  const createSchool = useCreateSchool();
  const { upload, progress } = useImageUpload("schools");
  const [file, setFile] = useState<File | null>(null);
  const form = useZodForm(SchoolBody);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const element = e.currentTarget;
    const values = formValues(element);
    const input = {
      ...values,
      pincode: numberOrBlank(values.pincode),
      imageUrl: file ? pendingImageUrl("schools") : "",
    };
    const checked = form.check(input);
    if (!checked.ok) {
      toast.error(checked.detail, { autoHideMs: SCHOOL_TOAST_MS });
      return;
    }
    setBusy(true);
    const saved = await withSavingToast(
      async () => {
        const imageUrl = await upload(file as File);
        await createSchool.mutateAsync({ ...checked.value, imageUrl });
      },
      { success: "School added successfully", error: "Error adding school!!" },
      { autoHideMs: SCHOOL_TOAST_MS },
    );
    setBusy(false);
    if (saved) {
      element.reset();
      setFile(null);
    }
  };

  return (
    <FormCard title="Add School" onSubmit={submit}>
      {fields.map(([name, label]) => (
        <TextField
          key={name}
          {...form.field(name)}
          label={label}
          type={name === "pincode" ? "number" : "text"}
          fullWidth
        />
      ))}
      <ImagePicker
        label="School Image"
        file={file}
        onChange={setFile}
        progress={progress}
        error={form.errors.imageUrl}
      />
      <Button type="submit" variant="contained" disabled={busy}>
        Add School
      </Button>
    </FormCard>
  );
};
