import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import { ORDER_STATUSES, OrderFilters, statusLabel } from "@shop/contracts";
import { type FormEvent, useState } from "react";
import { cleanFilters, type OrderFilterKey, type OrderFilterValues } from "../api/order-filters.ts";

const FIELDS_ID = "order-filter-fields";

interface OrderFilterBarProps {
  value: OrderFilterValues;
  onChange: (next: OrderFilterValues) => void;
  schools: { id: string; name: string }[];
}

/**
 * The admin orders page's filters: edited here, applied with "Apply filters" (the page keeps them
 * in its URL). Dates are India Standard Time days, both ends included.
 */
export const OrderFilterBar = ({ value, onChange, schools }: OrderFilterBarProps) => {
  const [draft, setDraft] = useState<OrderFilterValues>(value);
  const [errors, setErrors] = useState<Partial<Record<OrderFilterKey, string>>>({});
  const [open, setOpen] = useState(false);
  const field = (key: OrderFilterKey) => ({
    name: key,
    value: draft[key] ?? "",
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
    size: "small" as const,
    error: Boolean(errors[key]),
    helperText: errors[key],
  });
  // The server's own filter schema checks the draft first: a mistyped filter is marked at its
  // field, and nothing is asked (the server would only refuse it with a 400).
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = OrderFilters.safeParse(cleanFilters(draft));
    const found: Partial<Record<OrderFilterKey, string>> = {};
    for (const issue of checked.error?.issues ?? []) {
      const key = issue.path[0] as OrderFilterKey;
      found[key] ??= issue.message;
    }
    setErrors(found);
    if (checked.success) onChange(draft);
  };
  const clear = () => {
    setDraft({});
    setErrors({});
    onChange({});
  };
  const active = Object.keys(cleanFilters(value)).length;
  return (
    <Box component="form" role="search" aria-label="Filter orders" onSubmit={submit} sx={{ mb: 2 }}>
      {/* On a phone the seven fields (~300 px) stay folded behind this button, so the orders show first. */}
      <Button
        type="button"
        variant="outlined"
        aria-expanded={open}
        aria-controls={FIELDS_ID}
        onClick={() => setOpen((o) => !o)}
        sx={{ display: { xs: "inline-flex", sm: "none" }, mb: open ? 1.5 : 0 }}
      >
        {active > 0 ? `Filters (${active})` : "Filters"}
      </Button>
      <Box
        id={FIELDS_ID}
        sx={{
          display: { xs: open ? "flex" : "none", sm: "flex" },
          flexWrap: "wrap",
          gap: 1.5,
          alignItems: "center",
        }}
      >
        <TextField
          select
          label="Status"
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          {...field("status")}
        >
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={String(s)}>
              {statusLabel(s)}
            </option>
          ))}
        </TextField>
        <TextField
          type="date"
          label="From (IST)"
          slotProps={{ inputLabel: { shrink: true } }}
          {...field("from")}
        />
        <TextField
          type="date"
          label="To (IST)"
          slotProps={{ inputLabel: { shrink: true } }}
          {...field("to")}
        />
        <TextField
          select
          label="School"
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          {...field("school")}
        >
          <option value="">All schools</option>
          {schools.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </TextField>
        <TextField label="Customer" placeholder="Name, e-mail or phone" {...field("customer")} />
        <TextField label="Order ID" placeholder="#1a2b3c4d" {...field("orderId")} />
        <Button type="submit" variant="contained">
          Apply filters
        </Button>
        <Button type="button" onClick={clear}>
          Clear
        </Button>
      </Box>
    </Box>
  );
};
