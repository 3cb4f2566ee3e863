/**
 * A response header value built from text a client or an upstream chose (a model name): Node
 * refuses control characters in headers and writes other non-ASCII text as Latin-1, so
 * everything outside visible ASCII and space, and `%` itself, is percent-encoded as UTF-8
 * bytes (a lone surrogate becomes U+FFFD's bytes). Plain names pass unchanged; any value can
 * be decoded back with `decodeURIComponent`.
 */
export function headerValue(text: string): string {
  if (/^[\x20-\x24\x26-\x7e]*$/.test(text)) return text;
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0x20 && code <= 0x7e && char !== '%') out += char;
    else for (const byte of Buffer.from(char, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
