import { MongoClient } from "mongodb";

/** Drops the test's own databases on the server at `url` (never the shop's). */
export async function dropMongoDatabases(url: string, names: string[]): Promise<void> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5000 });
  try {
    for (const name of names) await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
}
