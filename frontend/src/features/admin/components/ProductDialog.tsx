import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import type { Product } from "@shop/contracts";
import { ProductForm, type ProductFormMode } from "./ProductForm.tsx";
import type { SavingTexts } from "./saving-toast.ts";

interface ProductDialogProps {
  open: boolean;
  mode: ProductFormMode;
  title: string;
  product?: Product | undefined;
  texts: SavingTexts;
  onClose: () => void;
}

/** The add/update form in a dialog; closing it unmounts the form, so its fields start empty next time. */
export const ProductDialog = ({ open, mode, title, product, texts, onClose }: ProductDialogProps) => (
  <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="product-dialog-title">
    <DialogTitle id="product-dialog-title">{title}</DialogTitle>
    <DialogContent>
      <ProductForm
        key={product?.id ?? "new"}
        mode={mode}
        title={title}
        submitLabel={product ? "Update" : "Add"}
        {...(product && { initial: product })}
        texts={texts}
        onSaved={onClose}
        onCancel={onClose}
      />
    </DialogContent>
  </Dialog>
);
