import { type CartChange, formatRupees } from "@shop/contracts";

/** What a catalogue change did to a cart line, in one sentence naming the book. */
export const cartChangeText = ({ before, after }: CartChange): string => {
  if (after === null) return `“${before.title}” is no longer sold and was taken out of your cart.`;
  const price = `from ${formatRupees(before.payablePaise)} to ${formatRupees(after.payablePaise)}`;
  const renamed = after.title !== before.title;
  const repriced = after.payablePaise !== before.payablePaise;
  if (renamed && repriced)
    return `“${before.title}” is now called “${after.title}”, and its price changed ${price}.`;
  if (renamed) return `“${before.title}” is now called “${after.title}”.`;
  return `The price of “${after.title}” changed ${price}.`;
};
