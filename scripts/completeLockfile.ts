/**
 * The npm mirror this project is built from serves only the Linux builds of packages that ship
 * per-platform binaries (e.g. @biomejs/cli-darwin-arm64 answers 404), so `npm install` leaves them
 * out of package-lock.json and `npm ci` then calls the lock out of sync. This adds the entries npm
 * itself writes for an optional package of another platform (version, os, cpu, optional): `npm ci`
 * skips them on Linux without fetching, and developers on other platforms get them from the public
 * registry. Run after changing dependencies: `npm run complete-lockfile`.
 */
import { readFileSync, writeFileSync } from "node:fs";

type Entry = {
  version?: string;
  dev?: boolean;
  optionalDependencies?: Record<string, string>;
  [k: string]: unknown;
};
const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8")) as { packages: Record<string, Entry> };

const OS = [
  "android",
  "darwin",
  "freebsd",
  "linux",
  "openbsd",
  "sunos",
  "win32",
  "aix",
  "openharmony",
  "netbsd",
];
const CPU = ["arm64", "x64", "arm", "ia32", "ppc64", "s390x", "riscv64", "loong64", "wasm32"];

const platformOf = (name: string) => {
  const parts = name.split("/").pop()?.split("-") ?? [];
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os && !cpu) return null;
  return { os, cpu, libc: parts.includes("musl") ? "musl" : parts.includes("gnu") ? "glibc" : undefined };
};

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `${path ? `${path}/` : ""}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (lock.packages[key] || lock.packages[hoisted]) continue;
    const platform = platformOf(dep);
    const version = range.replace(/^[\^~=]/, "");
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[hoisted] = {
      version,
      ...(platform.cpu && { cpu: [platform.cpu] }),
      ...(entry.dev && { dev: true }),
      ...(platform.libc && { libc: [platform.libc] }),
      optional: true,
      ...(platform.os && { os: [platform.os] }),
    };
    added++;
    console.log(`added ${hoisted}@${version}`);
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(`${added} platform entries added`);
