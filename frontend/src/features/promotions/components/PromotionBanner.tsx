import Box from "@mui/material/Box";
import type { Promotion } from "@shop/contracts";
import { Link as RouterLink } from "react-router-dom";
import { Carousel } from "../../../components/ui/Carousel.tsx";
import { usePromotions } from "../api/get-promotions.ts";

/** Spec §9: autoplay every 4500 ms with a 1000 ms transition. */
export const PROMOTION_AUTOPLAY_MS = 4500;
export const PROMOTION_TRANSITION_MS = 1000;
export const PROMOTIONS_FAILED = "Unable to fetch Data!!";

const BANNER_HEIGHT = { xs: 220, md: 320 };

// Promotion images come in any shape (the demo ones are portrait): text on a coloured panel,
// the whole image beside it, rather than a cover crop that cuts most of it away.
// `first`: the slide shown on arrival, often the page's largest paint, so its image comes first;
// the others wait until they come near the view.
const Slide = ({ promotion, first }: { promotion: Promotion; first: boolean }) => {
  const content = (
    <Box
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "1fr 120px", sm: "1fr 200px", md: "1fr 320px" },
        gridTemplateRows: "100%",
        alignItems: "center",
        height: BANNER_HEIGHT,
        borderRadius: 2,
        overflow: "hidden",
        color: "common.white",
        background: "linear-gradient(120deg, #0d47a1 0%, #1565c0 55%, #ef6c00 100%)",
      }}
    >
      <Box sx={{ py: { xs: 2, md: 5 }, pl: { xs: 2, sm: 9 }, pr: 2, minWidth: 0 }}>
        <Box
          component="h2"
          sx={{
            m: 0,
            typography: "body1",
            fontWeight: 800,
            fontSize: { xs: "1.3rem", md: "2.4rem" },
            lineHeight: 1.15,
          }}
        >
          {promotion.title}
        </Box>
        <Box
          component="p"
          sx={{
            m: 0,
            typography: "body1",
            mt: 1,
            fontSize: { xs: "0.85rem", md: "1.1rem" },
            opacity: 0.92,
            display: "-webkit-box",
            WebkitLineClamp: { xs: 4, md: 3 },
            WebkitBoxOrient: "vertical",
            overflow: "hidden",
          }}
        >
          {promotion.description}
        </Box>
      </Box>
      <Box
        component="img"
        src={promotion.imageUrl}
        alt={promotion.title}
        {...(first ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
        sx={{
          width: "100%",
          height: "100%",
          objectFit: "contain",
          p: { xs: 1, md: 2 },
          boxSizing: "border-box",
        }}
      />
    </Box>
  );
  const to = promotion.redirectUrl;
  if (!to) return content;
  // The link is named by its content (title, description): a shorter aria-label would hide the
  // visible description from its name (WCAG 2.5.3, axe label-content-name-mismatch).
  return to.startsWith("/") && !to.startsWith("//") ? (
    <Box component={RouterLink} to={to} sx={{ display: "block", color: "inherit", textDecoration: "none" }}>
      {content}
    </Box>
  ) : (
    <Box
      component="a"
      href={to}
      rel="noopener"
      sx={{ display: "block", color: "inherit", textDecoration: "none" }}
    >
      {content}
    </Box>
  );
};

/** Spec "Home": an auto-rotating banner, a carousel only when more than one promotion is active. */
export const PromotionBanner = () => {
  const promotions = usePromotions();
  if (promotions.isPending)
    return (
      <Box
        data-testid="promotion-banner"
        sx={{ aspectRatio: { xs: "16 / 9", md: "3 / 1" }, bgcolor: "grey.200", borderRadius: 2 }}
      />
    );
  if (promotions.isError)
    return (
      <Box component="p" role="alert" sx={{ m: 0, typography: "body1" }}>
        {PROMOTIONS_FAILED}
      </Box>
    );
  const items = promotions.data;
  if (items.length === 0) return null;
  return (
    <Box data-testid="promotion-banner">
      {items.length === 1 && items[0] ? (
        <Slide promotion={items[0]} first />
      ) : (
        <Carousel
          label="Promotions"
          slides={items.map((p, i) => <Slide key={p.id} promotion={p} first={i === 0} />)}
          autoplayMs={PROMOTION_AUTOPLAY_MS}
          transitionMs={PROMOTION_TRANSITION_MS}
        />
      )}
    </Box>
  );
};
