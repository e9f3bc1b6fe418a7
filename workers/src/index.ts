export { createMailHandler, type MailDeps } from "./mail/handlers.ts";
export type { ShopInfo } from "./mail/shopInfo.ts";
