import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Runs `script`, an ES module's source, in a fresh Node process with V8's natives syntax (`%…`)
 * allowed, and answers what it printed: for tests that look at how V8 holds an object.
 */
export const runWithNatives = async (script: string, timeoutMs = 60_000): Promise<string> => {
  const args = ["--allow-natives-syntax", "--input-type=module", "-e", script];
  return (await run(process.execPath, args, { timeout: timeoutMs })).stdout;
};
