import { setFlagsFromString } from "node:v8";

/**
 * Turns off V8's allocation-site pretenuring from now on, for every isolate of the process (the
 * flag is process-wide and read at each scavenge): objects are then always allocated young and
 * only what survives is promoted.
 *
 * Why: under steady traffic V8 sometimes decides, from a few scavenges' feedback, that a site's
 * objects live long and allocates them straight in the old generation. In the mail thread
 * (nodemailer's per-part streams) that decision was wrong and stuck: its heap grew to ~125 MB of
 * dead objects, and its scavenges took 15–62 ms instead of 1–4, run by V8's helper threads beside
 * the API's event loop. It happened in 3 of 5 runs of 20 s of status mails, never with the flag
 * off (bench/RESULTS.md, tenth session). A bulk load of long-lived objects is where pretenuring
 * pays, so the standalone turns it off after its boot has loaded the read models.
 */
export function stopPretenuring(): void {
  setFlagsFromString("--no-allocation-site-pretenuring");
}
