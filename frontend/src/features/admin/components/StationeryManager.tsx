import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type Product, Texts } from "@shop/contracts";
import { useState } from "react";
import { useProductsOfKind } from "../api/get-products.ts";
import { useDeleteWithConfirm } from "../hooks/useDeleteWithConfirm.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { ProductCards } from "./ProductCards.tsx";
import { ProductDialog } from "./ProductDialog.tsx";

type FormState = { mode: "add" } | { mode: "update"; product: Product } | null;

/** Spec §2 and §4: stationery and notebooks with an add/update form (reset on close) and delete. */
export const StationeryManager = () => {
  const stationery = useProductsOfKind("stationery");
  const notebooks = useProductsOfKind("notebook");
  const [form, setForm] = useState<FormState>(null);
  const remove = useDeleteWithConfirm<Product>({
    success: "Stationary deleted successfully",
    error: "Failed to delete Stationary!",
  });

  const lists = [stationery, notebooks];
  const items = lists.flatMap((l) => l.data?.pages.flatMap((p) => p.items) ?? []);
  const updating = form?.mode === "update";

  return (
    <Stack spacing={3} sx={{ my: 3 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center" }}>
        <Typography component="h1" variant="h4">
          Stationery
        </Typography>
        <Button variant="contained" onClick={() => setForm({ mode: "add" })}>
          Add Stationary +
        </Button>
      </Box>
      {lists.some((l) => l.isPending) ? (
        <Typography>Loading...</Typography>
      ) : lists.some((l) => l.isError) ? (
        <Alert severity="error">{Texts.failedToFetch}</Alert>
      ) : items.length === 0 ? (
        <Typography>Sorry no stationeries here.</Typography>
      ) : (
        <ProductCards
          products={items}
          onEdit={(product) => setForm({ mode: "update", product })}
          onDelete={remove.ask}
        />
      )}
      {lists.some((l) => l.hasNextPage) && (
        <Box sx={{ textAlign: "center" }}>
          <Button
            onClick={() => {
              for (const l of lists) if (l.hasNextPage) void l.fetchNextPage();
            }}
          >
            Load more
          </Button>
        </Box>
      )}
      <ProductDialog
        open={form !== null}
        mode="stationery"
        title={updating ? "Update Stationary" : "Add Stationary"}
        product={form?.mode === "update" ? form.product : undefined}
        texts={
          updating
            ? { success: "Stationary updated successfully", error: "Failed to update Stationary!" }
            : { success: "Stationary added successfully", error: "Failed to add stationary!" }
        }
        onClose={() => setForm(null)}
      />
      <ConfirmDialog
        open={remove.pending !== null}
        busy={remove.busy}
        onYes={remove.confirm}
        onNo={remove.cancel}
      />
    </Stack>
  );
};
