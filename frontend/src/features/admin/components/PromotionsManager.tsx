import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import CardMedia from "@mui/material/CardMedia";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import type { Promotion } from "@shop/contracts";
import { useState } from "react";
import { toast } from "../../../components/ui/toast.ts";
import { useDeletePromotion } from "../api/delete-promotion.ts";
import { useAllPromotions } from "../api/get-promotions.ts";
import { useSetPromotionActive } from "../api/set-promotion-active.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { PromotionDialog } from "./PromotionDialog.tsx";

const FETCH_FAILED = "Unable to fetch Data!!";
const FAILED = "Some error occured!";

type FormState = { promotion?: Promotion } | null;

/** Spec §2: promotion cards (image, Active/Inactive, title, description, Edit, Delete) and the modal. */
export const PromotionsManager = () => {
  const promotions = useAllPromotions();
  const setActive = useSetPromotionActive();
  const del = useDeletePromotion();
  const [form, setForm] = useState<FormState>(null);
  const [deleting, setDeleting] = useState<Promotion | null>(null);

  const toggle = (p: Promotion, active: boolean) =>
    setActive.mutate(
      { id: p.id, active },
      {
        onSuccess: () => toast.success("Promotion Updated!!"),
        onError: () => toast.error(FAILED),
      },
    );
  const remove = () => {
    if (!deleting) return;
    del.mutate(deleting.id, {
      onSuccess: () => toast.success("Promotion Updated!!"),
      onError: () => toast.error(FAILED),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Stack spacing={3} sx={{ my: 3 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center" }}>
        <Typography component="h1" variant="h4">
          Promotions
        </Typography>
        <Button variant="contained" onClick={() => setForm({})}>
          Add Promotion +
        </Button>
      </Box>
      {promotions.isPending ? (
        <Typography>Loading...</Typography>
      ) : promotions.isError ? (
        <Alert severity="error">{FETCH_FAILED}</Alert>
      ) : promotions.data.length === 0 ? (
        <Typography>No Promotions Here</Typography>
      ) : (
        <Grid container spacing={2} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
          {promotions.data.map((p) => (
            <Grid key={p.id} component="li" size={{ xs: 12, sm: 6, md: 4 }} data-testid="promotion-card">
              <Card variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column" }}>
                <CardMedia
                  component="img"
                  image={p.imageUrl}
                  alt={p.title}
                  sx={{ height: 160, objectFit: "cover" }}
                />
                <CardContent sx={{ flexGrow: 1 }}>
                  <Chip
                    size="small"
                    label={p.active ? "Active" : "Inactive"}
                    color={p.active ? "success" : "default"}
                    sx={{ mb: 1 }}
                  />
                  <Typography component="h2" variant="h6">
                    {p.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {p.description}
                  </Typography>
                </CardContent>
                <CardActions>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={p.active}
                        onChange={(e) => toggle(p, e.target.checked)}
                        disabled={setActive.isPending}
                      />
                    }
                    label="Active"
                  />
                  <Button size="small" onClick={() => setForm({ promotion: p })}>
                    Edit
                  </Button>
                  <Button size="small" color="error" onClick={() => setDeleting(p)}>
                    Delete
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      <PromotionDialog open={form !== null} promotion={form?.promotion} onClose={() => setForm(null)} />
      <ConfirmDialog
        open={deleting !== null}
        busy={del.isPending}
        onYes={remove}
        onNo={() => setDeleting(null)}
      />
    </Stack>
  );
};
