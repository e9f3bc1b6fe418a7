export * from "./bySegment.ts";
export * from "./problem.ts";
export * from "./sameOrigin.ts";
export * from "./securityHeaders.ts";
export * from "./session.ts";
export * from "./validate.ts";
