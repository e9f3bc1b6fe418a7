/**
 * Which browser pages may open a socket (it carries the visitor's session cookie): PUBLIC_URL's
 * origin when set, else the shop's own origin, the one the request's Host names. A client that
 * sends no Origin is not a browser page and is judged by its token alone.
 */
export const originAllowed = (
  origin: string | undefined,
  host: string | undefined,
  publicOrigin: string | null,
): boolean => {
  if (origin === undefined) return true;
  if (publicOrigin) return origin === publicOrigin;
  if (!host) return false;
  try {
    const url = new URL(origin);
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      url.origin === origin &&
      url.host === host.toLowerCase()
    );
  } catch {
    return false;
  }
};
