/** Every screen shows times in India Standard Time whatever the browser's zone (the shop serves India). */
const IST = "Asia/Kolkata";
const date = new Intl.DateTimeFormat("en-IN", {
  day: "2-digit",
  month: "long",
  year: "numeric",
  timeZone: IST,
});
const dateTime = new Intl.DateTimeFormat("en-IN", {
  day: "2-digit",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: true,
  timeZone: IST,
});

/** Spec §9: day (two digits), month name, year, e.g. `01 June 2025`. */
export const formatIstDate = (iso: string): string => date.format(new Date(iso));
export const formatIstDateTime = (iso: string): string => `${dateTime.format(new Date(iso))} IST`;
