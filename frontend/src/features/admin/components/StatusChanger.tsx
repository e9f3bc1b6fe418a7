import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import { ORDER_STATUSES, StatusBody, statusLabel, Texts } from "@shop/contracts";
import { useEffect, useState } from "react";
import { heldWhile } from "../../../components/ui/held.ts";
import { toast } from "../../../components/ui/toast.ts";
import { useZodForm } from "../../../lib/use-zod-form.ts";
import { useSetOrderStatus } from "../api/set-order-status.ts";

/**
 * Spec §4: an admin sets any of the three statuses with a dropdown and Save. The order on screen
 * changes only once the server answered 200 (the order is then read again); the dropdown is only a choice.
 */
export const StatusChanger = ({ orderId, status }: { orderId: string; status: number }) => {
  const [choice, setChoice] = useState(String(status));
  const setStatus = useSetOrderStatus();
  const form = useZodForm(StatusBody);
  useEffect(() => setChoice(String(status)), [status]);

  const save = () => {
    if (setStatus.isPending) return;
    const checked = form.check({ status: Number(choice) });
    if (!checked.ok) return;
    setStatus.mutate(
      { orderId, status: checked.value.status },
      {
        onSuccess: () => toast.success(Texts.orderUpdated),
        onError: () => toast.error(Texts.orderUpdateFailed),
      },
    );
  };

  return (
    <Box sx={{ display: "flex", gap: 2, alignItems: "center" }}>
      <TextField
        select
        size="small"
        label="Order status"
        value={choice}
        onChange={(e) => setChoice(e.target.value)}
        slotProps={{ select: { native: true } }}
        sx={{ minWidth: 180 }}
      >
        {ORDER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </TextField>
      <Button variant="contained" onClick={save} {...heldWhile(setStatus.isPending)}>
        Save
      </Button>
    </Box>
  );
};
