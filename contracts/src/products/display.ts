/**
 * Where a book belongs, for every screen, invoice or mail that shows it away from its school's
 * page: "Delhi Public School Pune · Class 8". Null for notebooks and stationery (and for a book
 * that names neither).
 */
export const bookPlace = (p: {
  kind: string;
  schoolName?: string | undefined;
  class?: number | undefined;
}) => {
  if (p.kind !== "book") return null;
  const parts = [p.schoolName, p.class === undefined ? undefined : `Class ${p.class}`].filter(
    (x): x is string => Boolean(x),
  );
  return parts.length ? parts.join(" · ") : null;
};
