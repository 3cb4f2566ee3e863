/**
 * `Retry-After` (RFC 9110 section 10.2.3): delay-seconds or an HTTP-date. Returns the wait in
 * milliseconds, or undefined when the header is absent or unreadable (then backoff applies).
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP-date names its day and month; a bare number such as "-1" is neither form.
  if (!/[a-z]{3}/i.test(value)) return undefined;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
