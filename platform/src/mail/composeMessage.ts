import { randomUUID } from "node:crypto";
import { domainToASCII } from "node:url";
import addressparser from "nodemailer/lib/addressparser";
import { encodeWords, foldLines, quoteString } from "nodemailer/lib/mime-funcs";
import { encode as qpEncode, wrap as qpWrap } from "nodemailer/lib/qp";

/** What the outbox writes: one mail, its text and its optional html alternative. */
export interface ComposedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The Message-ID header's value, `<…@…>`. */
  messageId: string;
  date?: Date;
}

const CRLF = "\r\n";
// A line longer than this (in characters; RFC 5322 counts octets up to 998) goes out quoted-printable.
const LINE = 76;
const ASCII_PRINTABLE = /^[\x20-\x7e]*$/;

const hasLongLines = (text: string) => text.split(/\r?\n/).some((line) => line.length > LINE);

/**
 * One mailbox, `Name <local@domain>`, with the name quoted or encoded as needed and the domain in
 * ASCII. Anything else is refused: a line break or a second address in a recipient would send the
 * mail somewhere it was not meant to go.
 */
const formatMailbox = (value: string): string => {
  const parsed = /[\r\n]/.test(value) ? [] : addressparser(value, { flatten: true });
  const [{ name, address } = { name: "", address: "" }] = parsed;
  if (parsed.length !== 1 || !/^[^\s@]+@[^\s@]+$/.test(address))
    throw new Error(`not one address: ${JSON.stringify(value)}`);
  const at = address.lastIndexOf("@");
  const domain = address.slice(at + 1);
  const ascii = `${address.slice(0, at + 1)}${domainToASCII(domain) || domain}`;
  if (!name) return ascii;
  const shown = /^[\w ]*$/.test(name)
    ? name
    : ASCII_PRINTABLE.test(name)
      ? quoteString(name)
      : encodeWords(name, "Q", 52);
  return `${shown} <${ascii}>`;
};

/** One header line, folded at 76 columns; a line break in a value cannot start a header of its own. */
const header = (key: string, value: string) =>
  foldLines(`${key}: ${value.replace(/\s*[\r\n]+\s*/g, " ")}`, LINE);

/** A text part's headers and body: 7bit when it is short-lined ASCII, else quoted-printable. */
const textPart = (type: "plain" | "html", body: string): string => {
  const plain = ASCII_PRINTABLE.test(body.replace(/[\r\n\t]/g, "")) && !hasLongLines(body);
  const encoded = plain ? body : qpWrap(qpEncode(body), LINE);
  return [
    `Content-Type: text/${type}; charset=utf-8`,
    `Content-Transfer-Encoding: ${plain ? "7bit" : "quoted-printable"}`,
    "",
    encoded.replace(/\r?\n/g, CRLF),
  ].join(CRLF);
};

/**
 * The whole RFC 5322 message, built in one synchronous pass with nodemailer's own encoders
 * (addresses, encoded words, quoted-printable). nodemailer's composer builds the same message
 * through a stream per part and costs ~0.4 ms of CPU per mail, ten times this; the outbox
 * writes a status mail per order change, so that was most of the mail thread's work.
 */
export const composeMessage = (mail: ComposedMail): Buffer => {
  const date = (mail.date ?? new Date()).toUTCString().replace(/GMT/, "+0000");
  const head = [
    header("From", formatMailbox(mail.from)),
    header("To", formatMailbox(mail.to)),
    header("Subject", encodeWords(mail.subject.replace(/\s*[\r\n]+\s*/g, " "), "Q", 52)),
    header("Message-ID", mail.messageId),
    header("Date", date),
    "MIME-Version: 1.0",
  ];
  if (mail.html === undefined) return Buffer.from([...head, textPart("plain", mail.text), ""].join(CRLF));
  // Quoted-printable never holds "=_" and the random part never meets a 7bit body by chance.
  const boundary = `=_Part_${randomUUID()}`;
  return Buffer.from(
    [
      ...head,
      `Content-Type: multipart/alternative; boundary="${boundary}"`,
      "",
      `--${boundary}`,
      textPart("plain", mail.text),
      `--${boundary}`,
      textPart("html", mail.html),
      `--${boundary}--`,
      "",
    ].join(CRLF),
  );
};
