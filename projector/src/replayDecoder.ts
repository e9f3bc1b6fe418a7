import { isKnownEventType, parseEvent } from "@shop/contracts";

/**
 * A rebuild's decoder (`ReadPagesOptions.decoder`): what `toProjected` does to a stored event's
 * data (upcast to today's version, validate and normalise with its zod schema), run by the event
 * store where it reads the log, in a thread of its own. An event of a type this version does not
 * know is left as stored: the rebuild skips it.
 */
export const decode = (type: string, data: unknown, schemaVersion: number | undefined): unknown =>
  isKnownEventType(type) ? parseEvent(type, data, schemaVersion).data : data;

export const replayDecoder = import.meta.url;
