import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("answers the embedded defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config).toEqual({
      profile: "embedded",
      port: 3000,
      dataDir: resolve("./data"),
      mediaDir: join(resolve("./data"), "media"),
      seedDemo: true,
      cookieSecure: false,
      trustProxy: false,
      connectionsPerAddress: 256,
      logLevel: "info",
      readWaitMs: 2000,
      coldOrderDays: 30,
      uploadWaitMs: 30000,
      uploadReceiveMs: 60000,
      rateLimits: {
        login: 10,
        signup: 30,
        otpSend: 5,
        messages: 20,
        orders: 30,
        openOrders: 20,
        uploads: 30,
        otpTries: 60,
        cart: 600,
        profile: 30,
      },
      shop: {
        name: expect.any(String),
        address: expect.stringContaining("India"),
        email: expect.stringContaining("@"),
        phone: expect.stringMatching(/^\+91/),
      },
    });
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "0",
      DATA_DIR: "/srv/shop",
      MEDIA_DIR: "/srv/media",
      PUBLIC_URL: "https://shop.example/",
      SESSION_SECRET: "x".repeat(40),
      EVENTSTORE_URL: "esdb://eventstore:2113?tls=false",
      MONGO_URL: "mongodb://mongo-1:27017,mongo-2:27017/shop",
      REDIS_URL: "redis://redis:6379",
      SMTP_URL: "smtp://mailpit:1025",
      SEED_DEMO: "true",
      COOKIE_SECURE: "true",
      TRUST_PROXY: "uniquelocal",
      LOG_LEVEL: "debug",
      READ_WAIT_MS: "500",
      RATE_LIMIT_LOGIN: "1000",
      RATE_LIMIT_SIGNUP: "1000",
      RATE_LIMIT_OTP_SEND: "1000",
      RATE_LIMIT_MESSAGES: "1000",
      SHOP_NAME: "Test Shop",
      SHOP_ADDRESS: "1 Test Road, Pune",
      SHOP_EMAIL: "hello@test.example",
      SHOP_PHONE: "+91 20 0000 0000",
    });
    expect(config).toMatchObject({
      profile: "production",
      port: 0,
      dataDir: "/srv/shop",
      mediaDir: "/srv/media",
      publicUrl: "https://shop.example",
      eventStoreUrl: "esdb://eventstore:2113?tls=false",
      mongoUrl: "mongodb://mongo-1:27017,mongo-2:27017/shop",
      seedDemo: true,
      trustProxy: "uniquelocal",
      cookieSecure: true,
      logLevel: "debug",
      readWaitMs: 500,
      rateLimits: { login: 1000, signup: 1000, otpSend: 1000, messages: 1000 },
      shop: {
        name: "Test Shop",
        address: "1 Test Road, Pune",
        email: "hello@test.example",
        phone: "+91 20 0000 0000",
      },
    });
  });

  it("serves the cookie as secure behind an https PUBLIC_URL, and reads METRICS_TOKEN", () => {
    expect(loadConfig({ PUBLIC_URL: "https://shop.example" }).cookieSecure).toBe(true);
    expect(loadConfig({ PUBLIC_URL: "http://localhost:3000" }).cookieSecure).toBe(false);
    expect(loadConfig({ METRICS_TOKEN: "m".repeat(20) }).metricsToken).toBe("m".repeat(20));
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
  });

  it("reads CONNECTIONS_PER_ADDRESS, 0 turning the cap off", () => {
    expect(loadConfig({ CONNECTIONS_PER_ADDRESS: "64" }).connectionsPerAddress).toBe(64);
    expect(loadConfig({ CONNECTIONS_PER_ADDRESS: "0" }).connectionsPerAddress).toBe(0);
    expect(() => loadConfig({ CONNECTIONS_PER_ADDRESS: "-1" })).toThrow(/CONNECTIONS_PER_ADDRESS/);
    expect(() => loadConfig({ CONNECTIONS_PER_ADDRESS: "many" })).toThrow(/CONNECTIONS_PER_ADDRESS/);
  });

  it("reads COLD_ORDER_DAYS, a whole number of days, 0 allowed", () => {
    expect(loadConfig({ COLD_ORDER_DAYS: "7" }).coldOrderDays).toBe(7);
    expect(loadConfig({ COLD_ORDER_DAYS: "0" }).coldOrderDays).toBe(0);
    expect(() => loadConfig({ COLD_ORDER_DAYS: "-1" })).toThrow(/COLD_ORDER_DAYS/);
    expect(() => loadConfig({ COLD_ORDER_DAYS: "soon" })).toThrow(/COLD_ORDER_DAYS/);
  });

  it("reads REDIS_PREFIX (letters, digits and :_.-, at most 64 characters), none by default", () => {
    expect(loadConfig({}).redisPrefix).toBeUndefined();
    expect(loadConfig({ REDIS_PREFIX: "" }).redisPrefix).toBeUndefined();
    expect(loadConfig({ REDIS_PREFIX: "shop-2:" }).redisPrefix).toBe("shop-2:");
    expect(loadConfig({ REDIS_PREFIX: "Vidya_books.pune-1:" }).redisPrefix).toBe("Vidya_books.pune-1:");
    expect(loadConfig({ REDIS_PREFIX: "p".repeat(64) }).redisPrefix).toBe("p".repeat(64));
    expect(() => loadConfig({ REDIS_PREFIX: "p".repeat(65) })).toThrow(
      /REDIS_PREFIX: must be at most 64 characters/,
    );
    for (const bad of ["shop 2", "shop*", "shop{1}", "shop/2", "ऋ"])
      expect(() => loadConfig({ REDIS_PREFIX: bad })).toThrow(/REDIS_PREFIX: may hold only letters, digits/);
  });

  it("does not seed by default in the production profile", () => {
    expect(loadConfig({ EVENTSTORE_URL: "esdb://localhost:2113?tls=false" }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("treats empty variables as unset", () => {
    const config = loadConfig({ PORT: "", DATA_DIR: "", PUBLIC_URL: "", EVENTSTORE_URL: "", SEED_DEMO: "" });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: resolve("./data"),
      profile: "embedded",
      seedDemo: true,
    });
    expect(config.publicUrl).toBeUndefined();
  });

  it("rejects bad values with a message naming each variable", () => {
    const attempt = () =>
      loadConfig({
        PORT: "eighty",
        COOKIE_SECURE: "yes",
        LOG_LEVEL: "loud",
        PUBLIC_URL: "ftp://x",
        REDIS_URL: "http://redis",
        RATE_LIMIT_LOGIN: "0",
        SESSION_SECRET: "short",
      });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
        return "";
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of [
      "PORT",
      "COOKIE_SECURE",
      "LOG_LEVEL",
      "PUBLIC_URL",
      "REDIS_URL",
      "RATE_LIMIT_LOGIN",
      "SESSION_SECRET",
    ]) {
      expect(message).toContain(name);
    }
    expect(message).not.toContain("short");
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT: must be at most 65535/);
  });

  it("refuses at start an event store URL the installed client cannot use, saying what it accepts", () => {
    for (const url of [
      "kurrentdb://eventstore:2113?tls=false",
      "kdb+discover://a,b",
      "kurrentdb+discover://x",
    ])
      expect(() => loadConfig({ EVENTSTORE_URL: url })).toThrow(
        /EVENTSTORE_URL: .*@eventstore\/db-client 6\.2\.1.*esdb:\/\/eventstore:2113\?tls=false/,
      );
    expect(loadConfig({ EVENTSTORE_URL: "esdb+discover://a:2113,b:2113" }).eventStoreUrl).toBe(
      "esdb+discover://a:2113,b:2113",
    );
  });
});
