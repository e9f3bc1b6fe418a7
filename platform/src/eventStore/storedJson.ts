/**
 * An event's stored `data` or `metadata`, parsed. A row that does not parse (a damaged file, a
 * hand edit) fails every read of the log at that event: the error names the row, so an operator
 * can find it among a million (a bare `Unexpected end of JSON input` named nothing).
 */
export const parseStored = (
  text: string,
  field: "data" | "metadata",
  position: unknown,
  id: unknown,
): unknown => {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(
      `event log: the ${field} of the event at position ${String(position)} (id ${String(id)}) is not JSON: ${
        error instanceof Error ? error.message : String(error)
      }`,
      { cause: error },
    );
  }
};
