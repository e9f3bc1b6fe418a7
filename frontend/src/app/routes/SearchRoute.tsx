import Alert from "@mui/material/Alert";
import Grid from "@mui/material/Grid";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useParams } from "react-router-dom";
import { ProductCard, productPath } from "../../features/products/components/ProductCard.tsx";
import { useSearch } from "../../features/search/api/search.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";

export const NO_RESULTS = "No results";

export default function SearchRoute() {
  const { searchId = "" } = useParams();
  const q = searchId.trim();
  const results = useSearch(q);
  usePageTitle(q ? `Results for “${q}”` : "Search");

  const body = () => {
    if (q === "")
      return <Typography>Type a school, book title, author or subject in the search box.</Typography>;
    if (results.isPending) return <Typography>Loading...</Typography>;
    if (results.isError) return <Alert severity="error">{results.error.message}</Alert>;
    const { schools, products } = results.data;
    if (schools.length === 0 && products.length === 0) return <Typography>{NO_RESULTS}</Typography>;
    return (
      <>
        {schools.length > 0 && (
          <section aria-labelledby="search-schools">
            <Typography id="search-schools" component="h2" variant="h6">
              Schools
            </Typography>
            <List>
              {schools.map((s) => (
                <ListItemButton key={s.id} component={RouterLink} to={`/school/${s.id}`} divider>
                  <ListItemText primary={s.name} secondary={`${s.area}, ${s.district}, ${s.state}`} />
                </ListItemButton>
              ))}
            </List>
          </section>
        )}
        {products.length > 0 && (
          <section aria-labelledby="search-books">
            <Typography id="search-books" component="h2" variant="h6" sx={{ mt: 2, mb: 1 }}>
              Books
            </Typography>
            <Grid container spacing={2} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
              {products.map((p) => (
                <Grid
                  key={p.id}
                  component="li"
                  size={{ xs: 12, sm: 6, md: 4, lg: 3 }}
                  data-testid="product-card"
                >
                  <ProductCard product={p} to={productPath(p)} />
                </Grid>
              ))}
            </Grid>
          </section>
        )}
      </>
    );
  };

  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        {q ? `Results for “${q}”` : "Search"}
      </Typography>
      {body()}
    </>
  );
}
