import Box from "@mui/material/Box";
import CardActionArea from "@mui/material/CardActionArea";
import { type School, Texts } from "@shop/contracts";
import { useEffect } from "react";
import { Link as RouterLink } from "react-router-dom";
import { Carousel } from "../../../components/ui/Carousel.tsx";
import { toast } from "../../../components/ui/toast.ts";
import { useAssumedNarrow, useMatchMedia } from "../../../lib/viewport-guess.ts";
import { useSchools } from "../api/get-schools.ts";

/** Spec §9: 3 slides when there are exactly 3 schools, otherwise 4; 1 under 992 px. */
export const schoolSlides = (count: number, narrow: boolean): number => (narrow ? 1 : count === 3 ? 3 : 4);

/**
 * `inView`: a slide shown when the carousel first appears. Its image is often the page's largest
 * paint, so it is fetched at once and first; the slides further along wait until they come near.
 */
const SchoolCard = ({ school, inView }: { school: School; inView: boolean }) => (
  // MUI's outlined Card and CardContent as Boxes with their styles: their code (with Paper's) is
  // not part of the first page's script.
  <Box
    sx={{
      bgcolor: "background.paper",
      color: "text.primary",
      transition: "box-shadow 300ms cubic-bezier(0.4, 0, 0.2, 1) 0ms",
      borderRadius: 1,
      border: 1,
      borderColor: "divider",
      overflow: "hidden",
      height: "100%",
    }}
  >
    <CardActionArea component={RouterLink} to={`/school/${school.id}`} sx={{ height: "100%" }}>
      <Box
        component="img"
        src={school.imageUrl}
        alt={school.name}
        loading={inView ? "eager" : "lazy"}
        {...(inView ? { fetchPriority: "high" as const } : {})}
        sx={{
          width: "100%",
          aspectRatio: "4 / 3",
          objectFit: "cover",
          display: "block",
          bgcolor: "grey.200",
        }}
      />
      <Box sx={{ p: 2, "&:last-child": { pb: 3 } }}>
        <Box component="h3" sx={{ m: 0, typography: "subtitle1", fontWeight: 600 }}>
          {school.name}
        </Box>
        {/* Drawn in the body text's colour: MUI 9's Typography, which this line was, took no style from
            its color="text.secondary" (only "textSecondary" is a variant of its). */}
        <Box component="p" sx={{ m: 0, typography: "body2" }}>
          {school.area}, {school.district}
        </Box>
      </Box>
    </CardActionArea>
  </Box>
);

// Typography's body1 (margin 0, the theme's body1): Typography itself is not in the first load.
const body1 = { m: 0, typography: "body1" } as const;

export const SchoolsCarousel = () => {
  const schools = useSchools();
  // Read on the first render: a phone then asks for its one visible school image only, not the four
  // a wide screen shows. Hydrating the server's markup, it is the server's guess first (and then
  // the real match, if that differs): lib/viewport-guess.ts.
  const narrow = useMatchMedia("(max-width: 991.98px)", useAssumedNarrow());
  const failed = schools.isError;
  useEffect(() => {
    if (failed) toast.error("Error !");
  }, [failed]);
  if (schools.isPending)
    return (
      <Box component="p" sx={body1}>
        loading...
      </Box>
    );
  if (schools.isError || schools.data.length === 0)
    return (
      <Box component="p" sx={body1}>
        {Texts.noSchoolFound}
      </Box>
    );
  const perView = schoolSlides(schools.data.length, narrow);
  return (
    <Carousel
      label="Partner schools"
      perView={perView}
      slides={schools.data.map((s, i) => <SchoolCard key={s.id} school={s} inView={i < perView} />)}
      transitionMs={500}
    />
  );
};
