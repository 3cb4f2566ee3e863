/** IP_ADDRESS: IPv4 dotted quads and IPv6 addresses, validated by node:net. */
import { isIPv4, isIPv6 } from 'node:net';
import type { Sensitivity } from '../sensitivity.js';
import type { Recognizer, Span } from '../span.js';
import { reportDottedQuad } from './ip-context.js';
import { holdsTwoColons, ipv6Matches } from './ipv6-matches.js';

const V4 = /(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?![\d]|\.\d)/g;
// Every dotted quad holds a digit, a dot and a digit: one quick search spares the quad pattern,
// which tries its look-behind at every position, most texts.
const DIGIT_DOT_DIGIT = /\d\.\d/;

/**
 * Finds IPv4 and IPv6 addresses; strings node:net does not accept are ignored, and so are
 * dotted quads whose words say they are versions or OIDs (ip-context.ts).
 */
export function ipAddressRecognizer(options: { sensitivity: Sensitivity }): Recognizer {
  const { sensitivity } = options;
  return {
    entities: ['IP_ADDRESS'],
    find(text: string, out: Span[]) {
      if (DIGIT_DOT_DIGIT.test(text)) for (const m of text.matchAll(V4)) {
        if (!isIPv4(m[0]) || !reportDottedQuad(text, m.index, m.index + m[0].length, sensitivity)) continue;
        out.push({ entity: 'IP_ADDRESS', start: m.index, end: m.index + m[0].length, score: 0.9 });
      }
      // Every IPv6 match holds two colons with at most four hex digits between them.
      if (!holdsTwoColons(text)) return;
      for (const m of ipv6Matches(text)) {
        const value = m[0].replace(/%[\w]+$/, '');
        if (!isIPv6(value) || !/[0-9A-Fa-f]/.test(value)) continue;
        // Times (12:30:45) are not IPv6; a real address has '::' or eight groups.
        if (!value.includes('::') && value.split(':').length !== 8) continue;
        out.push({ entity: 'IP_ADDRESS', start: m.index, end: m.index + m[0].length, score: 0.9 });
      }
    },
  };
}
