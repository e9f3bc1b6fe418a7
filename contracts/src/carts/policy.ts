/** A cart line holds at most this many (API.md): adding past it fills the line up to it. */
export const CART_LINE_MAX = 99;
