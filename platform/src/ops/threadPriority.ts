import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/**
 * The calling thread's id as the kernel knows it (Linux: `/proc/thread-self` links to
 * `<pid>/task/<tid>`), or undefined where there is no such link.
 */
export function kernelThreadId(): number | undefined {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Lowers the scheduling priority of the calling thread alone (on Linux a thread has its own nice
 * value, and setpriority(2) takes a thread id), for a thread whose work can wait: when the cores
 * are busy, the kernel then runs the threads that answer requests first. Raising a priority back
 * needs privileges, so this is for threads that stay in the background for good. Answers whether
 * it was applied (false off Linux, or if the kernel refused).
 */
export function lowerThreadPriority(nice: number): boolean {
  const tid = kernelThreadId();
  if (tid === undefined) return false;
  try {
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}

/** A thread of this process's nice value (Linux: the 19th field of /proc's stat), for diagnostics and tests. */
export function threadNice(tid: number): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}

/** The kernel ids of this process's threads (Linux), for diagnostics and tests. */
export function processThreadIds(): number[] {
  return readdirSync("/proc/self/task").map(Number);
}
