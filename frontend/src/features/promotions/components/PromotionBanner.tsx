import type { Promotion } from "@shop/contracts";
import { Link as RouterLink } from "react-router-dom";
import { Carousel } from "../../../components/ui/Carousel.tsx";
import { fs } from "../../../first-screen/classes.ts";
import { usePromotions } from "../api/get-promotions.ts";

/** Spec §9: autoplay every 4500 ms with a 1000 ms transition. */
export const PROMOTION_AUTOPLAY_MS = 4500;
export const PROMOTION_TRANSITION_MS = 1000;
export const PROMOTIONS_FAILED = "Unable to fetch Data!!";

// Plain elements with the rules MUI generates for the Boxes they were (first-screen/stylesheet.tsx:
// the banner is 220 px high, 320 from 900 px).

// Promotion images come in any shape (the demo ones are portrait): text on a coloured panel,
// the whole image beside it, rather than a cover crop that cuts most of it away.
// `first`: the slide shown on arrival, often the page's largest paint, so its image comes first;
// the others wait until they come near the view.
const Slide = ({ promotion, first }: { promotion: Promotion; first: boolean }) => {
  const content = (
    <div className={fs.promoSlide}>
      <div className={fs.promoText}>
        <h2 className={fs.promoTitle}>{promotion.title}</h2>
        <p className={fs.promoDescription}>{promotion.description}</p>
      </div>
      <img
        src={promotion.imageUrl}
        alt={promotion.title}
        {...(first ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
        className={fs.promoImage}
      />
    </div>
  );
  const to = promotion.redirectUrl;
  if (!to) return content;
  // The link is named by its content (title, description): a shorter aria-label would hide the
  // visible description from its name (WCAG 2.5.3, axe label-content-name-mismatch).
  return to.startsWith("/") && !to.startsWith("//") ? (
    <RouterLink to={to} className={fs.promoLink}>
      {content}
    </RouterLink>
  ) : (
    <a href={to} rel="noopener" className={fs.promoLink}>
      {content}
    </a>
  );
};

/** Spec "Home": an auto-rotating banner, a carousel only when more than one promotion is active. */
export const PromotionBanner = () => {
  const promotions = usePromotions();
  if (promotions.isPending) return <div data-testid="promotion-banner" className={fs.promoPending} />;
  if (promotions.isError)
    return (
      <p role="alert" className={fs.body1}>
        {PROMOTIONS_FAILED}
      </p>
    );
  const items = promotions.data;
  if (items.length === 0) return null;
  return (
    <div data-testid="promotion-banner">
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
    </div>
  );
};
