import {
  createLogger,
  loadConfig,
  openCredentialStore,
  openEventStore,
  openMediaStore,
} from "@shop/platform";
import { seedDemo } from "./seedDemo.ts";

/**
 * `npm run seed-demo`: appends the demo data into the configured stores, only when SEED_DEMO is
 * true (the production profile's default is false). The compose `seed` service runs it once;
 * the embedded profile seeds at every `npm start` instead.
 */
const config = loadConfig();
const logger = createLogger(config).child({ service: "seed" });
if (!config.seedDemo) {
  logger.info("SEED_DEMO is not true: nothing seeded");
} else {
  const events = await openEventStore(config, { logger });
  const credentials = await openCredentialStore(config);
  try {
    const { appended } = await seedDemo({ events, credentials, media: openMediaStore(config), logger });
    logger.info({ appended }, "demo data seeded");
  } finally {
    await Promise.allSettled([events.close(), credentials.close()]);
  }
}
