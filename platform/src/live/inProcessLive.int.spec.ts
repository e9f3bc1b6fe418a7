import { createInProcessLive } from "./inProcessLive.ts";
import { liveConformance } from "./live.conformance.ts";

liveConformance("in-process, one server", 1, async ([io]) => {
  const live = createInProcessLive();
  live.attach(io!);
  return { publisher: live, cleanup: async () => live.detach() };
});
