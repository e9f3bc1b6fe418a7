/**
 * zod compiles object parsers with `new Function` when it may, and finds out by trying: under the
 * shop's CSP (`script-src 'self'`, no 'unsafe-eval') that try is refused and reported as a
 * violation (a console error) on the first page that builds a form. The browser's forms are small:
 * the plain parser does. zod reads its settings from `globalThis.__zod_globalConfig` (shared by
 * every copy of zod; `z.config()` writes the same object), so setting it here costs the first load
 * no zod code. It must run before any schema exists: main.tsx imports this first, and the schemas
 * come in later chunks. (zod-without-eval.spec.ts checks zod still reads it.)
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// The same object zod holds, when a copy has already loaded (tests): mutated, never replaced.
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
