/** CREDIT_CARD: 12-19 digit numbers from a card network's range that pass the Luhn check. */
import { luhnValid } from '../checksums.js';
import type { Recognizer, Span } from '../span.js';

// Digits in groups separated by single spaces or dashes; no other digits or a '+' next to it.
const CANDIDATE = /(?<![\w+\-./])\d(?:[ -]?\d){11,18}(?![\d\-/]|\.\d)/g;
// Issuer ranges: Visa 4, Mastercard 51-55 and 2221-2720, Amex 34/37, Discover 6011/644-649/65,
// JCB 35 and legacy 2131/1800, Diners 30/36/38/39, Maestro 50/56-69, UnionPay 62.
const ISSUER = /^(?:4|5[0-9]|2[2-7]|3[0-9]|6[0-9]|2131|1800)/;
const CUE = /\b(?:card|cc|credit|debit|visa|master ?card|amex|american express|discover|jcb|diners|maestro|payment|pay|charge|billing)\b/i;

/** Finds card numbers; Luhn-valid numbers in an issuer range score higher near a card cue. */
export function paymentCardRecognizer(): Recognizer {
  return {
    entities: ['CREDIT_CARD'],
    find(text: string, out: Span[]) {
      for (const m of text.matchAll(CANDIDATE)) {
        const raw = m[0];
        const seps = raw.match(/[ -]/g);
        // Mixed separators read as a date or a phone number, not a card.
        if (seps && new Set(seps).size > 1) continue;
        const digits = raw.replace(/[ -]/g, '');
        if (!ISSUER.test(digits) || !luhnValid(digits) || /^(\d)\1+$/.test(digits)) continue;
        const cue = CUE.test(text.slice(Math.max(0, m.index - 60), m.index));
        out.push({ entity: 'CREDIT_CARD', start: m.index, end: m.index + raw.length, score: cue ? 0.95 : 0.8 });
      }
    },
  };
}
