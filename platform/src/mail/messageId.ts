import { createHash } from "node:crypto";

export const DEFAULT_FROM = "School Books Shop <no-reply@shop.local>";

function domainOf(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "shop.local";
}

/** The RFC 5322 Message-ID header for a stable id, so retries of one mail carry one id. */
export function messageIdHeader(id: string, from: string): string {
  if (/^<[^<>\s]+@[^<>\s]+>$/.test(id)) return id;
  if (/^[^<>\s@]+@[^<>\s@]+$/.test(id)) return `<${id}>`;
  const local = id.replace(/[^A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]/g, "_");
  return `<${local}@${domainOf(from)}>`;
}

/** A file name for a message id: readable where it can be, unambiguous always. */
export function fileNameFor(id: string): string {
  const safe = id
    .replace(/[^A-Za-z0-9._-]/g, "_")
    .replace(/^\.+/, "_")
    .slice(0, 100);
  if (safe === id) return `${safe}.eml`;
  const digest = createHash("sha256").update(id).digest("hex").slice(0, 16);
  return `${safe}-${digest}.eml`;
}
