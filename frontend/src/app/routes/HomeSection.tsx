import type { ReactNode } from "react";
import { fs } from "../../first-screen/classes.ts";

/** A titled section of the home page (plain elements: first-screen/stylesheet.tsx has their rules). */
export const Section = ({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) => (
  <section aria-label={title} className={fs.section}>
    <div className={fs.sectionHead}>
      <h2 className={fs.sectionTitle}>{title}</h2>
      {action}
    </div>
    {children}
  </section>
);
