import { afterAll, beforeAll } from "vitest";
import { deleteKeys, REDIS_URL, requireRedis, runPrefix } from "../testing/redisTest.ts";
import { liveConformance } from "./live.conformance.ts";
import { attachRedisAdapter } from "./redisAdapter.ts";
import { createRedisLivePublisher } from "./redisLive.ts";

const prefix = runPrefix("live");

beforeAll(() => requireRedis());
afterAll(async () => {
  // Pub/sub leaves no keys; this only guards against a future adapter that does.
  await deleteKeys(prefix);
});

// Two socket.io servers, as two query-api instances, reached by the projector's emitter.
liveConformance("Redis emitter → Redis adapter, two servers", 2, async (servers) => {
  const adapters = await Promise.all(servers.map((io) => attachRedisAdapter(io, { url: REDIS_URL, prefix })));
  const publisher = createRedisLivePublisher({ url: REDIS_URL, prefix });
  return {
    publisher,
    async cleanup() {
      await publisher.close();
      await Promise.all(adapters.map((a) => a.close()));
    },
  };
});
