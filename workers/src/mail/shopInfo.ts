/** The shop's identity in mails: the spec's footer fields, from configuration. */
export interface ShopInfo {
  name: string;
  address: string;
  email: string;
  phone: string;
  /** Base URL of the storefront, for links in mails. */
  publicUrl: string;
}
