import { readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { parseSync } from "rolldown/utils";

/**
 * What may import what (ARCHITECTURE.md at the repo root; scripts/importRules.unit.spec.ts keeps it
 * true). A package is a top-level folder; test files (`*.spec.ts[x]`) and test support (any
 * `testing/` folder) may also import the standalone shop, which boots every service for them.
 */
export const PACKAGES = [
  "contracts",
  "platform",
  "command-api",
  "query-api",
  "projector",
  "workers",
  "standalone",
  "frontend",
  "e2e",
  "bench",
] as const;
export type Package = (typeof PACKAGES)[number];

export const SERVICES: readonly Package[] = ["command-api", "query-api", "projector", "workers"];

/** The workspace packages each package may import (`@shop/<name>`, any subpath). */
const MAY_IMPORT: Record<Package, readonly Package[]> = {
  contracts: [],
  platform: ["contracts"],
  "command-api": ["contracts", "platform"],
  "query-api": ["contracts", "platform"],
  projector: ["contracts", "platform"],
  workers: ["contracts", "platform"],
  frontend: ["contracts"],
  standalone: ["contracts", "platform", "command-api", "query-api", "projector", "workers"],
  e2e: ["contracts", "platform", "standalone"],
  bench: ["contracts", "platform", "projector", "standalone", "e2e"],
};

/** contracts is shared with the browser and every service: zod is its only dependency. */
const CONTRACTS_NPM = new Set(["zod"]);
/** Test tooling any test file may use. */
const TEST_NPM = new Set(["vitest", "fast-check"]);

export interface SourceFile {
  /** Path from the repository root, with `/`. */
  path: string;
  source: string;
}

export const isTestFile = (path: string): boolean =>
  /\.spec\.tsx?$/.test(path) || path.split("/").includes("testing");

const packageOf = (path: string): Package | undefined =>
  PACKAGES.find((p) => path === p || path.startsWith(`${p}/`));

/** Every module specifier a file names: static and dynamic imports, re-exports. */
export const specifiersOf = (file: SourceFile): string[] => {
  const { module, errors } = parseSync(file.path, file.source);
  if (errors.length > 0) throw new Error(`${file.path}: ${errors[0]?.message}`);
  const dynamic = module.dynamicImports
    .map((d) => file.source.slice(d.moduleRequest.start, d.moduleRequest.end))
    .filter((s) => /^(["'`])[^"'`]*\1$/.test(s))
    .map((s) => s.slice(1, -1));
  return [
    ...module.staticImports.map((i) => i.moduleRequest.value),
    ...module.staticExports.flatMap((e) =>
      e.entries.flatMap((x) => (x.moduleRequest ? [x.moduleRequest.value] : [])),
    ),
    ...dynamic,
  ];
};

/** contracts/src/<area>/…: shared building blocks, a context, or the assembly (shop, api, testing). */
const areaOf = (path: string) => path.split("/")[2] ?? "";
const ASSEMBLY = new Set(["shop", "api", "testing", "index.ts"]);

/** Inside contracts: shared/ imports no context, a context no assembly; the assembly imports anything. */
const contractsLayerBroken = (file: string, target: string): string | null => {
  const [from, to] = [areaOf(file), areaOf(target)];
  if (from === to || ASSEMBLY.has(from) || to === "shared") return null;
  if (from === "shared") return "contracts' shared/ imports a context";
  return ASSEMBLY.has(to) ? "a context imports what assembles the contexts" : null;
};

const npmName = (spec: string) =>
  spec
    .split("/")
    .slice(0, spec.startsWith("@") ? 2 : 1)
    .join("/");

/** Why `spec` may not be imported from `file`, or null when it may. */
export const ruleBroken = (file: string, spec: string): string | null => {
  const from = packageOf(file);
  if (!from) return null;
  const test = isTestFile(file);
  if (spec.startsWith(".")) {
    const target = posix.normalize(posix.join(posix.dirname(file), spec));
    if (packageOf(target) !== from) return "reaches into another package by a relative path";
    return from === "contracts" && !test ? contractsLayerBroken(file, target) : null;
  }
  if (spec.startsWith("node:")) return from === "contracts" && !test ? "contracts imports zod only" : null;
  const shop = /^@shop\/([a-z0-9-]+)/.exec(spec)?.[1] as Package | undefined;
  if (shop) {
    if (shop === from || MAY_IMPORT[from].includes(shop)) return null;
    if (test && shop === "standalone") return null;
    if (SERVICES.includes(from) && SERVICES.includes(shop)) return "a service imports another service";
    if (from === "platform") return "platform imports a service or the shop";
    if (from === "frontend") return "the frontend imports platform or a service";
    return `${from} may import ${MAY_IMPORT[from].join(", ") || "no workspace package"} only`;
  }
  if (from === "contracts" && !CONTRACTS_NPM.has(npmName(spec)) && !(test && TEST_NPM.has(npmName(spec))))
    return "contracts imports zod only";
  return null;
};

/** `file: imports "spec" — why`, one line per import that breaks a rule. */
export const violations = (files: SourceFile[]): string[] =>
  files.flatMap((f) =>
    specifiersOf(f).flatMap((spec) => {
      const why = ruleBroken(f.path, spec);
      return why ? [`${f.path}: imports "${spec}" — ${why}`] : [];
    }),
  );

/** Every .ts/.tsx file under each package's src/. */
export const sourceFiles = (root: string): SourceFile[] => {
  const out: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) out.push({ path, source: readFileSync(join(root, path), "utf8") });
    }
  };
  for (const p of PACKAGES) walk(`${p}/src`);
  return out;
};
