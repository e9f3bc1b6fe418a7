export { FRONTEND_DIR, type RunningShop, type ShopOptions, startShop } from "./shop.ts";
export { ensureSpaBuilt } from "./spa.ts";
export { client, login, signupCustomer } from "./testing/client.ts";
export { otpFromOutbox, startTestShop, type TestShop } from "./testing/testShop.ts";
