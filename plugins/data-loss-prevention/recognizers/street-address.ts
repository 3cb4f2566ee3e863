/**
 * STREET_ADDRESS: street lines in English and continental shapes (`1668 Glyn St`,
 * `Koskikatu 25 Apt. 864`, `Rue de Kairouan 63`), military and PO boxes, text after address
 * cues (`lives at`, `Address:`), extended over the town, region, country and postcode lines
 * of an address block.
 */
import type { Recognizer, Span } from '../span.js';
import { addressStarts } from './address-starts.js';
import { blockLineCanMatch } from './block-line.js';

// Bounded word length keeps the patterns linear on long runs of letters and dots.
const L = "[\\p{L}][\\p{L}\\p{M}'’.-]{0,30}";
const NUM = '\\d{1,6}[A-Za-z]?';
const EN_SUFFIX =
  '(?:Street|St|Str|Strasse|Straße|Avenue|Ave|Av|Road|Rd|Lane|Ln|Drive|Dr|Court|Ct|Close|Crescent|Cres|Place|Pl|Boulevard|Blvd|Way|Terrace|Tce|Square|Sq|Highway|Hwy|Parkway|Pkwy|Circle|Cir|Trail|Row|Mews|Grove|Gardens|Parade|Loop|Forges?|Alley|Walk|Esplanade|Quay|Park|Hill|Heights|Point|Plaza)\\.?';
const UNIT = '(?:,?[ \\t]*(?:Apt|Apartment|Suite|Ste|Unit|Flat|Floor|Fl|Room|Box|No|Nr)\\.?[ \\t]*#?[ \\t]*\\d{1,5}\\w?)*';
// Words whose ending or whole means "street" in the languages of Europe.
const STREET_WORD =
  "(?:\\p{L}{3,30}(?:katu|tie|vägen|gatan|gata|gade|vej|veien|vegen|straße|strasse|straat|weg|laan|gasse|utca|ulica|allee|plein|kuja|polku|väg|stræde|stien|bakken|brekka|braut|stígur|vegur|gränd|torget|tori|kaari|rinne|ranta|raitti|markt|damm|dijk|kade|gracht|singel|dreef|steeg)|(?:Rue|Via|Viale|Vicolo|Rua|Avenida|Av\\.|Calle|Carrer|Strada|Piazza|Plaza|Praça|Largo|Travessa|Ulica|ul\\.|Avenue|Chemin|Route|Place|Allée|Odos|Οδός)(?:[ \\t]+" +
  L +
  '){1,4})';
// Words that make a number-words-number run prose (`3 plus 3`, `5 Musicians Of The 70s`), not a street.
const STOP =
  '(?:of|the|and|for|to|in|with|you|your|my|at|on|or|by|from|plus|minus|times|through|until|till|than|per|out|over|under|between|am|pm|years?|days?|weeks?|months?|hours?|minutes?|people|songs?|musicians?|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)';
const SHAPES = [
  // US and UK: number(s), name, street suffix, units.
  `${NUM}(?:[ \\t]+${NUM})?[ \\t]+(?:(?!${STOP}\\b)${L}[ \\t]+){1,4}?${EN_SUFFIX}(?![\\p{L}])${UNIT}`,
  // Number, street name, house number: `6750 Koskikatu 25 Apt. 864`, `74678 midtvollen 130 st.`.
  `\\d{2,6}[A-Za-z]?(?:[ \\t]+${NUM})?[ \\t]+(?:(?!${STOP}\\b)${L}[ \\t]+){1,4}?\\d{1,5}[A-Za-z]?(?:[ \\t]+(?:st|str|street)\\.?|\\.(?=[ \\t]+(?:Apt|Suite|Unit|Ste)))?(?![\\d])${UNIT}`,
  // Continental street words with a house number: `Via Franscini 71`, `Király u. 15.`.
  `(?:${NUM}[ \\t]+)?${STREET_WORD}[ \\t]*,?[ \\t]*(?!(?:19|20)\\d\\d\\b)\\d{1,5}[A-Za-z]?\\.?${UNIT}`,
  `(?:${L}[ \\t]+){1,3}(?:u\\.|utca|útja|út|tér|körút)[ \\t]+\\d{1,4}\\.?${UNIT}`,
  // Military and post-office boxes.
  '(?:PSC|CMR|Unit)[ \\t]+\\d{3,5},?[ \\t]+Box[ \\t]+\\d{3,5}(?:\\s*(?:APO|FPO|DPO)[ \\t]+(?:AA|AE|AP)[ \\t]+\\d{5})?',
  '(?:USNS|USNV|USS|USCGC)[ \\t]+\\p{L}+(?:\\s*(?:APO|FPO|DPO)[ \\t]+(?:AA|AE|AP)[ \\t]+\\d{5})?',
  '(?:P\\.?O\\.?[ \\t]*Box|Postbox|Post Office Box)[ \\t]+\\d{1,6}',
];
// Sticky: tried only where addressStarts says a match may begin.
// Not right after `1.6.9.`: the tail of a version number is no house number.
const ADDRESS = new RegExp(`(?<![\\p{L}\\d]|\\d\\.)(?:${SHAPES.join('|')})`, 'iuy');
// `ProductVersion`, `getUserName`: a code identifier (three lower-case letters, then a capital) is no street name.
const CODE_IDENTIFIER = /\p{Ll}{3}\p{Lu}/u;
// After these cues, the rest of the line (up to sentence end) is an address if it has a number.
const CUE = /(?:\baddress(?:es)?(?: is)?:?|\blives? (?:at|on)|\b(?:north|south|east|west)?[ \t]?side of|\breturn(?: it)? to|\blocated at|\boffice is at|\bis at|\bsend (?:it |this |them |a new one )?to|\barrived at|\bmeet me at|\bdrops? you off at|\bcorner of|\bship(?:ped)? to|\bdeliver(?:ed)? to|\bmail(?:ed)? to|\bbilling address:?|\bshipping address:?|\bit is|\bit's in)[ \t]*\n?[ \t]*/gi;
// A following line that belongs to the block: town, region code, country and/or postcode.
const BLOCK_LINE = /^\n[ \t>?]*(?:[,(]?[ \t]*(?:[\p{L}][\p{L}\p{M}'’.()-]*|\d{2,6}(?:[ -]\d{2,4})?)[ \t,]*){1,6}(?=\n|$|[.?!,])/u;
const SAME_LINE_TOWN = /^,[ \t]*[\p{Lu}\p{Ll}][\p{L}\p{M}'’.()-]*(?:[ \t]+[\p{L}\p{M}'’.()-]+){0,3}(?:,?[ \t]+[A-Z]{2})?(?:[ \t]+\d{3,6}(?:[ -]\d{2,4})?)?/u;
// After a house or unit number, capitalised words closing the line are the town: `Suite 694 Valderice Trapani`.
const LINE_END_TOWN = /^[ \t]+\p{Lu}[\p{L}\p{M}'’.-]*(?:[ \t]+\p{Lu}[\p{L}\p{M}'’.-]*){0,2}(?=[ \t]*(?:\n|$))/u;

/**
 * True when the value holds a UUID, a hex hash or a `0x` number: a run of eight or more hex
 * digits mixing digits and letters. A request id or a commit after `is at` is no address.
 */
export function holdsHexRun(value: string): boolean {
  let runStart = 0;
  let digits = 0;
  let hexLetters = 0;
  for (let i = 0; i <= value.length; i++) {
    const c = value.charCodeAt(i);
    const digit = c >= 48 && c <= 57;
    const hexLetter = (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
    if (digit || hexLetter) {
      if (digit) digits++;
      else hexLetters++;
      continue;
    }
    const length = i - runStart;
    // `0x` then hex digits: the `x` ends a run of one `0`.
    if ((c === 120 || c === 88) && length === 1 && value.charCodeAt(i - 1) === 48 && /^[0-9a-fA-F]{6}/.test(value.slice(i + 1, i + 7))) return true;
    if (length >= 8 && digits > 0 && hexLetters > 0 && !((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return true;
    runStart = i + 1;
    digits = hexLetters = 0;
  }
  return false;
}

/** Extends an address over its block: `, Town` on the same line and up to four short lines after. */
function extend(text: string, end: number): number {
  const same = SAME_LINE_TOWN.exec(text.slice(end, end + 60)) ?? (/\d$/.test(text.slice(0, end)) ? LINE_END_TOWN.exec(text.slice(end, end + 60)) : null);
  if (same) end += same[0].length;
  for (let lines = 0; lines < 4; lines++) {
    const line = text.slice(end, end + 60);
    // The pattern backtracks for milliseconds before failing on a line of prose; ask first.
    const m = blockLineCanMatch(line) ? BLOCK_LINE.exec(line) : null;
    if (!m || m[0].length > 48 || /:/.test(m[0])) break;
    // A line of several lower-case words is prose, not part of the address.
    if ((m[0].match(/\b\p{Ll}{3,}\b/gu) ?? []).length > 1 && !/^\n[ \t>?]*\p{Ll}+$/u.test(m[0])) break;
    end += m[0].length;
  }
  return end;
}

/** Joins address spans that overlap or touch (a block line running into the next address). */
function merge(text: string, spans: Span[]): Span[] {
  if (spans.length < 2) return spans;
  spans.sort((a, b) => a.start - b.start);
  const merged: Span[] = [spans[0]];
  for (const s of spans.slice(1)) {
    const last = merged[merged.length - 1];
    if (s.start <= last.end || /^[\s,]*$/.test(text.slice(last.end, s.start))) {
      last.end = Math.max(last.end, s.end);
      last.score = Math.max(last.score, s.score);
    } else merged.push(s);
  }
  return merged;
}

/** Finds street addresses and address blocks. */
export function streetAddressRecognizer(): Recognizer {
  const starts: number[] = [];
  return {
    entities: ['STREET_ADDRESS'],
    find(text: string, out: Span[]) {
      const found: Span[] = [];
      addressStarts(text, starts);
      // As a global scan would, go on after the end of each match.
      let after = 0;
      for (const at of starts) {
        if (at < after) continue;
        ADDRESS.lastIndex = at;
        const m = ADDRESS.exec(text);
        if (!m) continue;
        after = m.index + m[0].length;
        let value = m[0].replace(/[ \t,]+$/, '');
        if (holdsHexRun(value) || CODE_IDENTIFIER.test(value)) continue;
        // A dot is part of `St.` or `u. 15.`; a sentence-final dot after a word is not.
        if (/[\p{Ll}]{4,}\.$/u.test(value)) value = value.slice(0, -1);
        const start = m.index;
        found.push({ entity: 'STREET_ADDRESS', start, end: extend(text, start + value.length), score: 0.9 });
      }
      // Cue-led addresses the shapes missed. Cues come in text order and `found` is sorted by
      // start, so "inside a span found before" is one forward walk, not a search per cue.
      const shapeCount = found.length;
      let nextShape = 0;
      let coveredEnd = -1;
      for (const c of text.matchAll(CUE)) {
        const index = c.index + c[0].length;
        const m = /^[^\n]{4,90}/.exec(text.slice(index));
        if (!m) continue;
        m.index = index;
        let value = m[0].split(/(?<!\b(?:Apt|St|Str|Ste|No|Nr|u|[A-Z]))[.?!](?:\s|$)/)[0].replace(/[ \t,]+$/, '');
        value = value.replace(/\s+(?:in|for|after|before|last|next|on|at|and it|it)\b.*$/i, '');
        // An address starts with a house number or a capitalised name and says nothing of ages or times.
        if (!/\d/.test(value) || !/^[\d\p{Lu}]/u.test(value) || /\b(?:years?|old|days?|hours?|minutes?|percent)\b/i.test(value) || holdsHexRun(value)) continue;
        while (nextShape < shapeCount && found[nextShape].start <= m.index) coveredEnd = Math.max(coveredEnd, found[nextShape++].end);
        if (value.length < 5 || coveredEnd > m.index) continue;
        const end = extend(text, m.index + value.length);
        found.push({ entity: 'STREET_ADDRESS', start: m.index, end, score: 0.85 });
        coveredEnd = Math.max(coveredEnd, end);
      }
      // One by one, never push(...list): a text may hold hundreds of thousands of addresses.
      for (const span of merge(text, found)) out.push(span);
    },
  };
}
