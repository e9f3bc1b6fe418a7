import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { type AccType, SignupBody, Streams, systemActor, validate } from "@shop/contracts";
import {
  type Config,
  createLogger,
  hashPassword,
  loadConfig,
  openPorts,
  userIdForEmail,
} from "@shop/platform";
import { streamHandler } from "../commandHandling/streamHandler.ts";
import { userDecider } from "./decider.ts";

const ROLES: Record<string, AccType> = { admin: 1, delivery: 2, customer: 3 };

/** The account stores of the configured profile: the event log and the credential store. */
const openStores = async (config: Config) => {
  if (config.eventStoreUrl && !config.mongoUrl)
    throw new Error("MONGO_URL is needed beside EVENTSTORE_URL (credentials live in MongoDB)");
  return openPorts(config, { logger: createLogger({ logLevel: "warn" }), use: ["events", "credentials"] });
};

/** The password from stdin when piped, else from a prompt (never from the command line, where `ps` shows it). */
const readPassword = async (): Promise<string> => {
  const rl = createInterface({
    input: process.stdin,
    output: process.stdin.isTTY ? process.stdout : undefined,
  });
  try {
    if (!process.stdin.isTTY) {
      for await (const line of rl) return line;
      return "";
    }
    return await rl.question("Password (8+ characters): ");
  } finally {
    rl.close();
  }
};

/**
 * `npm run create-user -- --role admin --email a@b.in --name "…" [--contact …] [--address …]`:
 * makes an account through the same decider as signup. The production profile seeds no accounts,
 * so this is how the first admin comes to be.
 */
export const createUser = async (argv: string[], config: Config = loadConfig()): Promise<string> => {
  const { values } = parseArgs({
    args: argv,
    options: {
      role: { type: "string", default: "customer" },
      email: { type: "string" },
      name: { type: "string" },
      contact: { type: "string", default: "0" },
      address: { type: "string", default: "Shop office" },
    },
    strict: true,
  });
  const accType = ROLES[values.role ?? ""];
  if (!accType) throw new Error(`--role must be one of ${Object.keys(ROLES).join(", ")}`);
  const password = (await readPassword()).trim();
  const { role: _role, ...fields } = values;
  const checked = validate(SignupBody, { ...fields, password });
  if (!checked.ok)
    throw new Error(`${checked.detail} ${checked.errors.map((e) => `${e.path}: ${e.message}`).join("; ")}`);
  const { password: _p, ...profile } = checked.value;
  const stores = await openStores(config);
  try {
    const userId = userIdForEmail(profile.email);
    const credentialId = randomUUID();
    await stores.credentials.put(credentialId, await hashPassword(password));
    await streamHandler(stores.events, Streams.user, userDecider).handle(
      userId,
      {
        type: "RegisterUser",
        data: { userId, ...profile, accType, credentialId, now: new Date().toISOString() },
      },
      { actor: systemActor("create-user"), correlationId: randomUUID() },
    );
    return userId;
  } finally {
    await stores.close();
  }
};
