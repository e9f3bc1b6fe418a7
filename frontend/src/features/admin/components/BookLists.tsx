import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import CardMedia from "@mui/material/CardMedia";
import Chip from "@mui/material/Chip";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { type BookList, Texts } from "@shop/contracts";
import { lazy, Suspense, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { LoadMore } from "../../../components/ui/LoadMore.tsx";
import { toast } from "../../../components/ui/toast.ts";
import { useDiscardBookList } from "../api/discard-booklist.ts";
import { useBookLists } from "../api/get-booklists.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";

// The picker (and the order schema it checks with) loads on the first Create Order.
const BookListOrderDialog = lazy(() =>
  import("./BookListOrderDialog.tsx").then((m) => ({ default: m.BookListOrderDialog })),
);

const stateLabel = { open: "Open", ordered: "Ordered", discarded: "Discarded" } as const;

/** Uploaded book lists: Create Order places an order for that customer, Delete discards the list. */
export const BookLists = () => {
  const lists = useBookLists();
  const discard = useDiscardBookList();
  const [ordering, setOrdering] = useState<BookList | null>(null);
  const [deleting, setDeleting] = useState<BookList | null>(null);

  const remove = () => {
    if (!deleting) return;
    discard.mutate(deleting.id, {
      onSuccess: () => toast.success("Book list deleted"),
      onError: () => toast.error("Failed to delete book list!"),
      onSettled: () => setDeleting(null),
    });
  };

  if (lists.isPending) return <Typography>Loading...</Typography>;
  if (lists.isError) return <Alert severity="error">{Texts.noSchoolFound}</Alert>;
  const items = lists.data.pages.flatMap((p) => p.items);
  return (
    <>
      {items.length === 0 ? (
        <Typography sx={{ my: 4 }}>No Book Lists Here</Typography>
      ) : (
        <Grid container spacing={2} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
          {items.map((b) => (
            <Grid key={b.id} component="li" size={{ xs: 12, sm: 6, md: 4 }} data-testid="booklist-card">
              <Card variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column" }}>
                {/* The photo opens full size in a new tab: a phone's picture of a list needs zooming. */}
                <Link
                  href={b.imageUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Open the book list of ${b.customer.name} full size`}
                  sx={{ display: "block", cursor: "zoom-in" }}
                >
                  <CardMedia
                    component="img"
                    image={b.imageUrl}
                    alt={`Book list of ${b.customer.name}`}
                    sx={{ height: 200, objectFit: "contain", bgcolor: "grey.100" }}
                  />
                </Link>
                <CardContent sx={{ flexGrow: 1, overflowWrap: "anywhere" }}>
                  <Chip size="small" label={stateLabel[b.state]} sx={{ mb: 1 }} />
                  <Typography component="h2" variant="h6">
                    {b.customer.name}
                  </Typography>
                  <Typography variant="body2">{b.customer.email}</Typography>
                  <Typography variant="body2">{b.customer.contact}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {b.shippingAddress}
                  </Typography>
                  {b.orderId && (
                    <Link component={RouterLink} to={`/admin/viewOrder/${b.orderId}`} variant="body2">
                      View its order
                    </Link>
                  )}
                </CardContent>
                <CardActions>
                  <Button
                    size="small"
                    color="error"
                    disabled={b.state !== "open"}
                    onClick={() => setDeleting(b)}
                  >
                    Delete
                  </Button>
                  <Button
                    size="small"
                    variant="contained"
                    disabled={b.state !== "open"}
                    onClick={() => setOrdering(b)}
                  >
                    Create Order
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      <LoadMore pages={lists} />
      {ordering && (
        <Suspense fallback={null}>
          <BookListOrderDialog booklist={ordering} onClose={() => setOrdering(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        busy={discard.isPending}
        onYes={remove}
        onNo={() => setDeleting(null)}
      />
    </>
  );
};
