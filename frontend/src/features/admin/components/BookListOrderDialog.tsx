import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  type BookList,
  BookListOrderBody,
  bookPlace,
  formatRupees,
  type Product,
  payablePaise,
  Texts,
} from "@shop/contracts";
import { useDeferredValue, useState } from "react";
import { toast } from "../../../components/ui/toast.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { useOrderIdFor } from "../../../lib/use-order-id.ts";
import { useZodForm } from "../../../lib/use-zod-form.ts";
import { useOrderBookList } from "../api/order-booklist.ts";
import { useProductSearch } from "../api/search-products.ts";

const MAX_QUANTITY = 99;

interface Line {
  product: Product;
  quantity: number;
}

interface BookListOrderDialogProps {
  booklist: BookList;
  onClose: () => void;
}

/** Pick catalogue items for a customer's book list and place the order for them. */
export const BookListOrderDialog = ({ booklist, onClose }: BookListOrderDialogProps) => {
  const [q, setQ] = useState("");
  const search = useProductSearch(useDeferredValue(q));
  const [lines, setLines] = useState<Line[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const place = useOrderBookList();
  const orderIdFor = useOrderIdFor();
  const form = useZodForm(BookListOrderBody);

  const add = (product: Product) =>
    setLines((ls) =>
      ls.some((l) => l.product.id === product.id)
        ? ls.map((l) =>
            l.product.id === product.id ? { ...l, quantity: Math.min(MAX_QUANTITY, l.quantity + 1) } : l,
          )
        : [...ls, { product, quantity: 1 }],
    );
  const change = (id: string, by: number) =>
    setLines((ls) =>
      ls
        .map((l) => (l.product.id === id ? { ...l, quantity: Math.min(MAX_QUANTITY, l.quantity + by) } : l))
        .filter((l) => l.quantity > 0),
    );
  const totalPaise = lines.reduce(
    (t, l) => t + payablePaise(l.product.pricePaise, l.product.discountPaise) * l.quantity,
    0,
  );

  const submit = () => {
    const items = lines.map((l) => ({ productId: l.product.id, quantity: l.quantity }));
    const content = JSON.stringify(items);
    const orderId = orderIdFor(content);
    const checked = form.check({ orderId, items });
    if (!checked.ok) {
      setProblem("Pick at least one item");
      return;
    }
    setProblem(null);
    place.mutate(
      { id: booklist.id, input: checked.value },
      {
        onSuccess: () => {
          toast.success(Texts.orderCreated);
          onClose();
        },
        onError: (e) => {
          toast.error(Texts.orderCreateFailed);
          setProblem(isApiError(e) ? e.detail : Texts.orderCreateFailed);
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={place.isPending ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="bl-order-title"
    >
      <DialogTitle id="bl-order-title">Create Order for {booklist.customer.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Box
            component="img"
            src={booklist.imageUrl}
            alt="Book list"
            sx={{ maxHeight: 240, objectFit: "contain" }}
          />
          <Typography variant="body2" color="text.secondary">
            Ship to: {booklist.shippingAddress}
          </Typography>
          <TextField label="Search products" value={q} onChange={(e) => setQ(e.target.value)} type="search" />
          {search.data && search.data.length === 0 && <Typography>No results</Typography>}
          <List dense aria-label="Search results">
            {(search.data ?? []).map((p) => (
              <ListItem key={p.id} disablePadding>
                <ListItemButton onClick={() => add(p)} aria-label={`Add ${p.title}`}>
                  <ListItemText
                    primary={p.title}
                    secondary={[
                      p.kind,
                      bookPlace(p),
                      formatRupees(payablePaise(p.pricePaise, p.discountPaise)),
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          <Typography component="h3" variant="subtitle1">
            Selected items
          </Typography>
          {lines.length === 0 ? (
            <Typography color="text.secondary">Nothing selected yet</Typography>
          ) : (
            <List dense aria-label="Selected items">
              {lines.map((l) => (
                <ListItem key={l.product.id} divider>
                  <ListItemText primary={l.product.title} secondary={bookPlace(l.product)} />
                  <IconButton
                    aria-label={`Decrease ${l.product.title}`}
                    onClick={() => change(l.product.id, -1)}
                  >
                    −
                  </IconButton>
                  <Typography component="output" aria-label={`Quantity of ${l.product.title}`} sx={{ mx: 1 }}>
                    {l.quantity}
                  </Typography>
                  <IconButton
                    aria-label={`Increase ${l.product.title}`}
                    onClick={() => change(l.product.id, 1)}
                  >
                    +
                  </IconButton>
                </ListItem>
              ))}
            </List>
          )}
          <Typography variant="h6" sx={{ textAlign: "right" }}>
            Total: {formatRupees(totalPaise)}
          </Typography>
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={place.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={place.isPending || lines.length === 0}>
          Place Order
        </Button>
      </DialogActions>
    </Dialog>
  );
};
