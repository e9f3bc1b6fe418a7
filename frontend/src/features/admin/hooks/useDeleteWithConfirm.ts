import { useState } from "react";
import { useDeleteProduct } from "../api/delete-product.ts";
import { type SavingTexts, withSavingToast } from "../components/saving-toast.ts";

/** The product awaiting 'Confirm Delete?', and the delete with its pending and result toasts. */
export const useDeleteWithConfirm = <T extends { id: string }>(texts: SavingTexts) => {
  const [pending, setPending] = useState<T | null>(null);
  const del = useDeleteProduct();
  const confirm = async () => {
    if (!pending) return;
    await withSavingToast(() => del.mutateAsync(pending.id), texts);
    setPending(null);
  };
  return { pending, ask: setPending, cancel: () => setPending(null), confirm, busy: del.isPending };
};
