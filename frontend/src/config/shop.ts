/**
 * The shop's own details (footer, chat link, receipt). Same defaults as the backend's SHOP_* settings
 * (platform/src/config/config.ts); a build may override them with VITE_SHOP_* variables.
 */
const env = import.meta.env;

const pick = (value: unknown, fallback: string): string =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : fallback;

export const SHOP = {
  name: pick(env.VITE_SHOP_NAME, "Vidya School Books"),
  address: pick(env.VITE_SHOP_ADDRESS, "14 MG Road, Shivajinagar, Bengaluru, Karnataka 560001, India"),
  email: pick(env.VITE_SHOP_EMAIL, "support@vidyabooks.example"),
  phone: pick(env.VITE_SHOP_PHONE, "+91 80 4123 4567"),
} as const;

/** Spec §1: the home page's chat link carries a prefilled enquiry to the shop's phone. */
export const CHAT_MESSAGE = "Hello! I would like to enquire about school books and stationery.";

export const chatLink = (phone: string = SHOP.phone, message: string = CHAT_MESSAGE): string =>
  `https://wa.me/${phone.replace(/\D/g, "")}?text=${encodeURIComponent(message)}`;

/** Spec §9: the mobile layout applies at 992 px and below (a module of their own: the build reads them, ../first-screen/stylesheet.tsx). */
export { DESKTOP, MOBILE } from "./breakpoints.ts";
