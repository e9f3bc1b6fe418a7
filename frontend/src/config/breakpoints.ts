/** Spec §9: the mobile layout applies at 992 px and below. */
export const MOBILE = "@media (max-width: 992px)";
export const DESKTOP = "@media (min-width: 993px)";
