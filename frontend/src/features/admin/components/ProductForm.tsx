import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type Product, ProductBody, type ProductKind, Texts } from "@shop/contracts";
import { type FormEvent, useState } from "react";
import { formValues } from "../../../components/ui/FormCard.tsx";
import { SHORT_TOAST_MS, toast } from "../../../components/ui/toast.ts";
import { useZodForm } from "../../../lib/use-zod-form.ts";
import { useCreateProduct } from "../api/create-product.ts";
import { useSchools } from "../api/get-schools.ts";
import { useUpdateProduct } from "../api/update-product.ts";
import { useImageUpload } from "../hooks/useImageUpload.ts";
import { numberOrBlank, paiseToRupees, pendingImageUrl, rupeesToPaise } from "./form-values.ts";
import { ImagePicker } from "./ImagePicker.tsx";
import { type SavingTexts, withSavingToast } from "./saving-toast.ts";

/** Spec §9 type choices as the forms show them, and the API's product kinds behind them. */
const bookTypes = [
  ["book", "book"],
  ["noteBook", "notebook"],
  ["stationery", "stationery"],
] as const;
const stationeryTypes = [
  ["stationery", "stationery"],
  ["notebook", "notebook"],
] as const;
const CLASSES = Array.from({ length: 12 }, (_, i) => i + 1);
/** The body's keys that the form types under another name. */
const FIELD_NAMES = { pricePaise: "price", discountPaise: "discount", kind: "type" } as const;

export type ProductFormMode = "book" | "stationery";

interface ProductFormProps {
  mode: ProductFormMode;
  /** The form's accessible name and its submit button. */
  title: string;
  submitLabel: string;
  /** Update mode: the product as it is (its image stays unless another is picked). */
  initial?: Product;
  texts: SavingTexts;
  onSaved?: () => void;
  /** In a dialog: a Cancel button beside the submit one, closing it without saving. */
  onCancel?: () => void;
}

const kindOf = (mode: ProductFormMode, type: string | undefined): ProductKind | "" => {
  const types: readonly (readonly [string, ProductKind])[] = mode === "book" ? bookTypes : stationeryTypes;
  return types.find(([label]) => label === type)?.[1] ?? "";
};

/** Add or update one catalogue item: a school book (with school, subject, class) or a stationery item. */
export const ProductForm = ({
  mode,
  title,
  submitLabel,
  initial,
  texts,
  onSaved,
  onCancel,
}: ProductFormProps) => {
  const schools = useSchools();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const folder = mode === "book" ? "books" : "stationeries";
  const { upload, progress } = useImageUpload(folder);
  const [file, setFile] = useState<File | null>(null);
  const form = useZodForm(ProductBody, { fieldNames: FIELD_NAMES });
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const element = e.currentTarget;
    const v = formValues(element);
    const book = mode === "book";
    const input = {
      kind: kindOf(mode, v.type),
      title: v.title,
      author: v.author,
      publisher: v.publisher,
      publishedOn: v.publishedOn,
      edition: v.edition,
      language: v.language,
      ...(book && v.subject?.trim() && { subject: v.subject }),
      ...(book && v.schoolId && { schoolId: v.schoolId }),
      ...(book && v.class && { class: numberOrBlank(v.class) }),
      pricePaise: rupeesToPaise(v.price),
      // Spec §5: the book form may leave the discount out; the stationery form needs one (0 is fine here).
      discountPaise: book && v.discount?.trim() === "" ? 0 : rupeesToPaise(v.discount),
      description: v.description,
      imageUrl: file ? pendingImageUrl(folder) : (initial?.imageUrl ?? ""),
    };
    // A book also needs its school, subject and class; the stationery form needs a discount (0 will do).
    const alsoRequired = [...(book ? ["schoolId", "subject", "class"] : []), "discountPaise"];
    const checked = form.check(input, alsoRequired);
    if (!checked.ok) {
      const text = checked.missing ? Texts.productMissing : (checked.errors[0]?.message ?? checked.detail);
      toast.error(text, { autoHideMs: SHORT_TOAST_MS });
      return;
    }
    setBusy(true);
    const saved = await withSavingToast(async () => {
      const imageUrl = file ? await upload(file) : checked.value.imageUrl;
      const product = { ...checked.value, imageUrl };
      if (initial) await update.mutateAsync({ id: initial.id, input: product });
      else await create.mutateAsync(product);
    }, texts);
    setBusy(false);
    if (!saved) return;
    if (!initial) {
      element.reset();
      setFile(null);
    }
    onSaved?.();
  };

  const field = (name: string, label: string, value?: string | number, extra: object = {}) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField {...form.field(name)} label={label} defaultValue={value ?? ""} fullWidth {...extra} />
    </Grid>
  );
  const select = (
    name: string,
    label: string,
    value: string,
    options: readonly (readonly [string, string])[],
  ) =>
    field(name, label, value, {
      select: true,
      slotProps: { select: { native: true }, inputLabel: { shrink: true } },
      children: options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      )),
    });
  // The school dropdown is uncontrolled: its options must be there when its default is set.
  if (mode === "book" && schools.isPending) return <Typography>Loading...</Typography>;
  const money = { type: "number", slotProps: { htmlInput: { min: 0, step: "0.01" } } };
  const types = mode === "book" ? bookTypes : stationeryTypes;
  const initialType = types.find(([, kind]) => kind === initial?.kind)?.[0] ?? types[0][0];

  return (
    <Stack component="form" noValidate onSubmit={submit} aria-label={title} spacing={2} sx={{ pt: 1 }}>
      <Grid container spacing={2}>
        {field("title", "Title", initial?.title)}
        {field("author", "Author", initial?.author)}
        {field("publisher", "Publication", initial?.publisher)}
        {field("publishedOn", "Publication Date", initial?.publishedOn, {
          type: "date",
          slotProps: { inputLabel: { shrink: true } },
        })}
        {field("edition", "Edition", initial?.edition)}
        {field("language", "Language", initial?.language)}
        {mode === "book" && (
          <>
            {select("schoolId", "School", initial?.schoolId ?? "", [
              ["", "Select a school"],
              ...(schools.data ?? []).map((s) => [s.id, s.name] as const),
            ])}
            {field("subject", "Subject", initial?.subject)}
            {select("class", "Class", String(initial?.class ?? ""), [
              ["", "Select a class"],
              ...CLASSES.map((c) => [String(c), `Class ${c}`] as const),
            ])}
          </>
        )}
        {field("price", "Price (₹)", initial && paiseToRupees(initial.pricePaise), money)}
        {field("discount", "Discount (₹)", initial && paiseToRupees(initial.discountPaise), money)}
        {select(
          "type",
          "Type",
          initialType,
          types.map(([label]) => [label, label] as const),
        )}
        <Grid size={12}>
          <TextField
            {...form.field("description")}
            label="Description"
            defaultValue={initial?.description ?? ""}
            multiline
            minRows={3}
            fullWidth
          />
        </Grid>
      </Grid>
      <ImagePicker
        file={file}
        onChange={setFile}
        progress={progress}
        currentUrl={initial?.imageUrl}
        error={form.errors.imageUrl}
      />
      <FormButtons submitLabel={submitLabel} busy={busy} onCancel={onCancel} />
    </Stack>
  );
};

/** The form's submit button, with Cancel before it when the form is in a dialog. */
export const FormButtons = ({
  submitLabel,
  busy,
  onCancel,
}: {
  submitLabel: string;
  busy: boolean;
  onCancel?: (() => void) | undefined;
}) => {
  const submit = (
    <Button type="submit" variant="contained" disabled={busy}>
      {submitLabel}
    </Button>
  );
  if (!onCancel) return submit;
  return (
    <Stack direction="row" spacing={1} sx={{ "& > *": { flex: 1 } }}>
      <Button variant="outlined" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      {submit}
    </Stack>
  );
};
