import type { JobQueue } from "@shop/platform";

/** A job queue that only counts what is added (the micro-benchmarks measure the caller's side). */
export const countingJobQueue = (): { jobs: JobQueue; added: () => number } => {
  let added = 0;
  const jobs: JobQueue = {
    async add(_queue, _name, _data, opts) {
      added++;
      return { id: opts?.jobId ?? "" };
    },
    waitUntilFinished: async () => undefined as never,
    process: () => {},
    close: async () => {},
  };
  return { jobs, added: () => added };
};
