export * from "./orders.ts";
export * from "./products.ts";
