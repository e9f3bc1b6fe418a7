import { type School, Texts } from "@shop/contracts";
import { useEffect } from "react";
import { Carousel } from "../../../components/ui/Carousel.tsx";
import { toast } from "../../../components/ui/toast.ts";
import { fs } from "../../../first-screen/classes.ts";
import { PlainButtonBase } from "../../../first-screen/PlainButtonBase.tsx";
import { useAssumedNarrow, useMatchMedia } from "../../../lib/viewport-guess.ts";
import { useSchools } from "../api/get-schools.ts";

/** Spec §9: 3 slides when there are exactly 3 schools, otherwise 4; 1 under 992 px. */
export const schoolSlides = (count: number, narrow: boolean): number => (narrow ? 1 : count === 3 ? 3 : 4);

/**
 * `inView`: a slide shown when the carousel first appears. Its image is often the page's largest
 * paint, so it is fetched at once and first; the slides further along wait until they come near.
 * MUI's outlined Card, CardActionArea (with its focus highlight) and CardContent, the title as
 * subtitle1 and the area as body2: plain elements with the rules MUI generates for them
 * (first-screen/stylesheet.tsx).
 */
const SchoolCard = ({ school, inView }: { school: School; inView: boolean }) => (
  <div className={fs.schoolCard}>
    <PlainButtonBase
      component="link"
      to={`/school/${school.id}`}
      className={`MuiCardActionArea-root ${fs.schoolAction}`}
    >
      <img
        src={school.imageUrl}
        alt={school.name}
        loading={inView ? "eager" : "lazy"}
        {...(inView ? { fetchPriority: "high" as const } : {})}
        className={fs.schoolImage}
      />
      <div className={fs.schoolContent}>
        <h3 className={fs.schoolName}>{school.name}</h3>
        {/* Drawn in the body text's colour: MUI 9's Typography, which this line was, took no style from
            its color="text.secondary" (only "textSecondary" is a variant of its). */}
        <p className={fs.schoolArea}>
          {school.area}, {school.district}
        </p>
      </div>
      <span className={`MuiCardActionArea-focusHighlight ${fs.schoolActionFocus}`} />
    </PlainButtonBase>
  </div>
);

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
    // Typography's body1 (first-screen/stylesheet.tsx).
    return <p className={fs.body1}>loading...</p>;
  if (schools.isError || schools.data.length === 0) return <p className={fs.body1}>{Texts.noSchoolFound}</p>;
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
