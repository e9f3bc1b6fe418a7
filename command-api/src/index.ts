export { createCommandApi } from "./app.ts";
export { handleCommand } from "./commandHandling/handleCommand.ts";
export type { CommandApiDeps, RateLimits, TokenIssuer } from "./deps.ts";
export { orderDecider } from "./orders/decider.ts";
export { productDecider } from "./products/decider.ts";
export { promotionDecider } from "./promotions/decider.ts";
export { schoolDecider } from "./schools/decider.ts";
export { userDecider } from "./users/decider.ts";
