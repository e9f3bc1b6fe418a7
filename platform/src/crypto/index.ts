export * from "./deviceTokens.ts";
export * from "./otpCipher.ts";
