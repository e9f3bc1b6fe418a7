import { randomUUID } from "node:crypto";
import { systemActor } from "@shop/contracts";

/** Metadata of an event appended by a system actor, for the mail micro-benchmarks. */
export const systemMetadata = () => ({
  schemaVersion: 1,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  actor: systemActor("t"),
});
