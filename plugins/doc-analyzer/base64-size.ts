/**
 * Size of base64 data before decoding it, so an oversized attachment is refused without ever
 * allocating its bytes.
 */

/** Decoded byte length of a base64 (or base64url) string, ignoring whitespace. */
export function decodedLength(base64: string): number {
  let length = 0;
  let padding = 0;
  for (let i = 0; i < base64.length; i++) {
    const c = base64.charCodeAt(i);
    if (c === 0x3d) padding++;
    else if (c > 0x20) length++;
  }
  return Math.floor(((length + padding) * 3) / 4) - padding;
}

/** Strips a `data:...;base64,` prefix some clients leave on attachment data. */
export function stripDataUrl(data: string): string {
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  return comma >= 0 ? data.slice(comma + 1) : data;
}
