/** IP_ADDRESS: IPv4 dotted quads and IPv6 addresses, validated by node:net. */
import { isIPv4, isIPv6 } from 'node:net';
import type { Recognizer, Span } from '../span.js';

// `version 1.2.0.4`, `v10.0.0.1`: a four-part version number, not an address.
const VERSION_CUE = /\b(?:v|ver|version|build|release|firmware)\.?\s*$/i;
const V4 = /(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?![\d]|\.\d)/g;
// Hex groups with colons (at least two), optionally ending in a dotted quad; validated after.
const V6 = /(?<![\w:.])(?:[0-9A-Fa-f]{1,4}|:)?(?::[0-9A-Fa-f]{0,4}){2,7}(?::(?:\d{1,3}\.){3}\d{1,3})?(?:%[\w]+)?(?![\w:])/g;
const TWO_COLONS = /:[0-9A-Fa-f]{0,4}:/;

/** Finds IPv4 and IPv6 addresses; strings node:net does not accept are ignored. */
export function ipAddressRecognizer(): Recognizer {
  return {
    entities: ['IP_ADDRESS'],
    find(text: string, out: Span[]) {
      for (const m of text.matchAll(V4)) {
        if (!isIPv4(m[0]) || VERSION_CUE.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
        out.push({ entity: 'IP_ADDRESS', start: m.index, end: m.index + m[0].length, score: 0.9 });
      }
      // Every IPv6 match holds two colons with at most four hex digits between them.
      if (!text.includes(':') || !TWO_COLONS.test(text)) return;
      for (const m of text.matchAll(V6)) {
        const value = m[0].replace(/%[\w]+$/, '');
        if (!isIPv6(value) || !/[0-9A-Fa-f]/.test(value)) continue;
        // Times (12:30:45) are not IPv6; a real address has '::' or eight groups.
        if (!value.includes('::') && value.split(':').length !== 8) continue;
        out.push({ entity: 'IP_ADDRESS', start: m.index, end: m.index + m[0].length, score: 0.9 });
      }
    },
  };
}
