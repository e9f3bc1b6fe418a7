import type { Config } from "@shop/platform";

/** The shop's identity in mails: the spec's footer fields, from configuration. */
export interface ShopInfo {
  name: string;
  address: string;
  email: string;
  phone: string;
  /** Base URL of the storefront, for links in mails. */
  publicUrl: string;
}

/** The shop's identity from configuration; links point at PUBLIC_URL, or this host's port. */
export const shopInfoOf = (config: Pick<Config, "shop" | "publicUrl" | "port">): ShopInfo => ({
  ...config.shop,
  publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
});
