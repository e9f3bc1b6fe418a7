/** Money travels as integer paise everywhere; only screens and mails format it. */
const rupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
});

/** `₹1,23,456.50` — Indian digit grouping. */
export const formatRupees = (paise: number): string => rupees.format(paise / 100);

/** The spec's discount percent: integer part of discount / price × 100. */
export const discountPercent = (pricePaise: number, discountPaise: number): number =>
  pricePaise > 0 ? Math.floor((discountPaise / pricePaise) * 100) : 0;

export const payablePaise = (pricePaise: number, discountPaise: number): number => pricePaise - discountPaise;

export interface Totals {
  pricePaise: number;
  discountPaise: number;
  payablePaise: number;
}

export const sumTotals = (
  lines: { pricePaise: number; discountPaise: number; quantity: number }[],
): Totals => {
  let price = 0;
  let discount = 0;
  for (const l of lines) {
    price += l.pricePaise * l.quantity;
    discount += l.discountPaise * l.quantity;
  }
  return { pricePaise: price, discountPaise: discount, payablePaise: price - discount };
};

/** Shipping is always free; screens strike through this figure (spec §9). */
export const NOMINAL_SHIPPING_PAISE = 4000;
