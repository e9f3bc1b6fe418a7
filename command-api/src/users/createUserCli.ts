import { createUser } from "./createUser.ts";

try {
  const userId = await createUser(process.argv.slice(2));
  console.log(`created user ${userId}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
