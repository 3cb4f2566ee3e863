/** IBAN_CODE: ISO 13616 account numbers with a valid mod-97 check. */
import { ibanValid } from '../checksums.js';
import type { Recognizer, Span } from '../span.js';

// Country code, check digits, then 11-30 alphanumerics, optionally in groups of four.
const CANDIDATE = /(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:[ -]?[A-Za-z0-9]){11,30}/g;
// IBAN length per country (ISO 13616 registry).
const LENGTHS: Record<string, number> = Object.fromEntries(
  'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DK18 DO28 EE20 EG29 ES24 FI18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HR21 HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 MC27 MD24 ME22 MK19 MR27 MT31 MU30 NL18 NO15 PK24 PL28 PS29 PT25 QA29 RO24 RS22 SA24 SC31 SE24 SI19 SK24 SM27 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20'
    .split(' ')
    .map((e) => [e.slice(0, 2), Number(e.slice(2))]),
);

/** Finds IBANs, written compact or in space-separated groups, any letter case. */
export function ibanRecognizer(): Recognizer {
  return {
    entities: ['IBAN_CODE'],
    find(text: string, out: Span[]) {
      for (const m of text.matchAll(CANDIDATE)) {
        const expected = LENGTHS[m[0].slice(0, 2).toUpperCase()];
        if (!expected) continue;
        // Take exactly the country's number of characters; the grouping may have run on into the next word.
        let raw = '';
        let count = 0;
        for (const c of m[0]) {
          if (count === expected) break;
          raw += c;
          if (c !== ' ' && c !== '-') count++;
        }
        if (count !== expected || /[A-Za-z0-9]/.test(text.charAt(m.index + raw.length))) continue;
        const compact = raw.replace(/[ -]/g, '').toUpperCase();
        if (!ibanValid(compact)) continue;
        out.push({ entity: 'IBAN_CODE', start: m.index, end: m.index + raw.length, score: 0.95 });
      }
    },
  };
}
