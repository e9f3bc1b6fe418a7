import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root: `npm start` runs in standalone/, but ./data means the root's. */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * The environment `npm start` configures from: DATA_DIR defaults to the repository root's ./data
 * (what the README says), and a relative DATA_DIR or MEDIA_DIR is taken from where the command was
 * typed (npm's INIT_CWD), not from standalone/ where npm runs the workspace's script.
 */
export const standaloneEnv = (
  env: Record<string, string | undefined>,
  repoRoot: string = REPO_ROOT,
): Record<string, string | undefined> => {
  const typedIn = env.INIT_CWD ?? process.cwd();
  const from = (path: string) => (isAbsolute(path) ? path : resolve(typedIn, path));
  return {
    ...env,
    DATA_DIR: env.DATA_DIR ? from(env.DATA_DIR) : join(repoRoot, "data"),
    ...(env.MEDIA_DIR && { MEDIA_DIR: from(env.MEDIA_DIR) }),
  };
};
