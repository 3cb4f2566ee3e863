/**
 * PHONE_NUMBER: phone-shaped digit groups, kept when libphonenumber-js validates them for the
 * number's own country code or one of the configured regions, or when a phone cue (`Phone:`,
 * `call me at`, `fax`) stands next to them.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { LRUCache } from 'lru-cache';
import type { Recognizer, Span } from '../span.js';

// An optional +country code or 00 prefix, an optional (area) part, then digit groups joined
// by single separators, and an optional extension.
const CANDIDATE =
  /(?<![\w+.\-/:])(?:\+|00)?(?:\(\d{1,5}\)[ .\-]?)?\d{1,10}(?:(?:[ .\-\/]|\s?\(\d{1,4}\)\s?)\d{1,10}){0,6}(?:\s?(?:x|ext\.?|extension)\s?\d{1,6})?(?![\w]|[.\-/:]\d)/gi;
const CUE_BEFORE =
  /\b(?:phone|tel|telephone|mobile|cell|cellphone|call|calling|fax|desk|office|contact|reach|dial|ring|text|sms|whatsapp|answering|messages?|landline|hotline|registered|whats ?app|telefon|tlf|tél)\b[^\n]{0,30}\n?[^\n\d]{0,12}$/i;
const CUE_AFTER = /^\s?[-(]?\s?(?:office|fax|mobile|cell|home|work|phone|tel)\b/i;
// Numbers of other documents: a licence or account number is not a phone number.
const OTHER_NUMBER = /\b(?:licen[cs]e|passport|account|acct|card|order|invoice|policy|id|ssn|zip|postcode|postal)\b[^\n]{0,20}$/i;
const DATE_LIKE = /^\d{4}[-./]\d{1,2}[-./]\d{1,2}$|^\d{1,2}[-./]\d{1,2}[-./]\d{2,4}$/;

/** How many ASCII digits `s` holds. */
function digitCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) n++;
  }
  return n;
}

/** Settings the phone recognizer needs. */
export interface PhoneOptions {
  /** Regions a number without +country code is validated against, first match wins. */
  regions: string[];
}

function validates(candidate: string, regions: readonly CountryCode[]): boolean {
  const international = candidate.startsWith('+') || candidate.startsWith('00');
  if (international) {
    const n = parsePhoneNumberFromString(candidate.replace(/^00/, '+'));
    return !!n && n.isValid();
  }
  for (const region of regions) {
    const n = parsePhoneNumberFromString(candidate, region);
    if (n && n.isValid()) return true;
  }
  return false;
}

/** Finds phone numbers: validated ones anywhere, merely possible ones only next to a cue. */
export function phoneRecognizer(options: PhoneOptions): Recognizer {
  const regions = options.regions.map((r) => r.toUpperCase() as CountryCode);
  // Parsing is the costly step; the same number tends to come back (threads, repeated turns).
  const verdicts = new LRUCache<string, boolean>({ max: 5000 });
  const validated = (raw: string) => {
    let v = verdicts.get(raw);
    if (v === undefined) verdicts.set(raw, (v = validates(raw, regions)));
    return v;
  };
  return {
    entities: ['PHONE_NUMBER'],
    find(text: string, out: Span[]) {
      for (const m of text.matchAll(CANDIDATE)) {
        const raw = m[0];
        // The number without its extension needs seven digits: a run with fewer (most numbers
        // in prose) is left before any copy is made.
        if (digitCount(raw) < 7) continue;
        const digits = raw.replace(/\D/g, '');
        const main = raw.replace(/\s?(?:x|ext\.?|extension)\s?\d+$/i, '').replace(/\D/g, '');
        if (main.length < 7 || main.length > 15) continue;
        if (DATE_LIKE.test(raw) || /^(\d)\1+$/.test(digits)) continue;
        // Four dotted groups is an IP address or a version, not a phone number.
        if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(raw)) continue;
        // A one-digit first arc and three or more dotted arcs is an object identifier (`1.2.840.10045`).
        if (/^\d\.\d+(?:\.\d+){2,}$/.test(raw)) continue;
        const grouped = /[ .\-()\/]/.test(raw) || raw.startsWith('+');
        const before = text.slice(Math.max(0, m.index - 48), m.index);
        const after = text.slice(m.index + raw.length, m.index + raw.length + 12);
        if (OTHER_NUMBER.test(before) || /^\d{4}-\d{2}-\d{2}/.test(raw)) continue;
        const cue = CUE_BEFORE.test(before) || CUE_AFTER.test(after);
        const international = raw.startsWith('+') || raw.startsWith('00');
        const valid = validated(raw);
        let score = 0;
        if (valid && cue) score = 0.95;
        // Without a cue, short numbers validate in some region too often (house numbers, postcodes).
        else if (valid && (international || main.length >= 10)) score = grouped ? 0.8 : 0.6;
        else if (cue && (grouped || main.length >= 9)) score = 0.7;
        if (score === 0) continue;
        out.push({ entity: 'PHONE_NUMBER', start: m.index, end: m.index + raw.length, score });
      }
    },
  };
}
