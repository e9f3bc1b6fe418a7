import type { DatabaseSync } from "node:sqlite";

/** An encoded document as stored: JSON text, or a v8-serialized blob. */
export type Stored = string | Uint8Array;

/** The snapshot file's writes of documents, on one connection, inside the caller's transaction. */
export interface RowWrites {
  /** Saves a document: whole when `stub` is null, else the stub where a load reads and the body apart. */
  put(coll: string, id: string, doc: Stored, stub: Stored | null): void;
  del(coll: string, id: string): void;
  /** Deletes one collection's documents, or every document. */
  clear(coll?: string): void;
  /** Saves the stub of a document saved whole, moving its body where cold bodies are kept. */
  markCold(coll: string, id: string, stub: Stored): void;
}

/**
 * The rows of format 3 (memorySnapshot.ts): `docs` holds what a load reads (a document, or a cold
 * document's stub), `bodies` the whole of each cold one, read by key only.
 */
export const rowWrites = (db: DatabaseSync): RowWrites => {
  const putDoc = db.prepare("INSERT OR REPLACE INTO docs (coll, id, doc, cold) VALUES (?, ?, ?, ?)");
  const putBody = db.prepare("INSERT OR REPLACE INTO bodies (coll, id, doc) VALUES (?, ?, ?)");
  const delDoc = db.prepare("DELETE FROM docs WHERE coll = ? AND id = ?");
  const delBody = db.prepare("DELETE FROM bodies WHERE coll = ? AND id = ?");
  const moveBody = db.prepare(
    "INSERT OR REPLACE INTO bodies (coll, id, doc) SELECT coll, id, doc FROM docs WHERE coll = ? AND id = ? AND cold = 0",
  );
  const markStub = db.prepare("UPDATE docs SET doc = ?, cold = 1 WHERE coll = ? AND id = ?");
  return {
    put(coll, id, doc, stub) {
      if (stub === null) {
        putDoc.run(coll, id, doc, 0);
        delBody.run(coll, id);
      } else {
        putDoc.run(coll, id, stub, 1);
        putBody.run(coll, id, doc);
      }
    },
    del(coll, id) {
      delDoc.run(coll, id);
      delBody.run(coll, id);
    },
    clear(coll) {
      if (coll === undefined) {
        db.exec("DELETE FROM docs");
        db.exec("DELETE FROM bodies");
        return;
      }
      db.prepare("DELETE FROM docs WHERE coll = ?").run(coll);
      db.prepare("DELETE FROM bodies WHERE coll = ?").run(coll);
    },
    markCold(coll, id, stub) {
      moveBody.run(coll, id);
      markStub.run(stub, coll, id);
    },
  };
};
