/**
 * Finds encoded payloads (base64, hex, percent-encoding, ROT13, reversed text) and decodes them,
 * so the scorer can read what a model asked to "decode and follow" would read.
 */
import { isAscii } from './normalize.js';
import { CodeUnits } from './chars.js';

/** One decoded payload and the encoding it came in. */
export interface DecodedPayload {
  encoding: 'base64' | 'hex' | 'url' | 'rot13' | 'reversed';
  text: string;
}

const HEX = /(?<![0-9a-f])(?:(?:0x|\\x)?[0-9a-f]{2}[\s:,]?){8,}/gi;
const PERCENT = /(?:%[0-9a-f]{2}){4,}/i;
const COMMON_WORDS = new Set([
  'the', 'and', 'you', 'to', 'of', 'a', 'is', 'in', 'your', 'all', 'are', 'that', 'it', 'for', 'now', 'what',
  'ignore', 'previous', 'instructions', 'prompt', 'system', 'say', 'tell', 'me', 'how', 'do', 'not', 'with',
  'this', 'be', 'i', 'my', 'make', 'give', 'write', 'print', 'reveal', 'forget', 'rules', 'above',
]);
const WORDS = /[a-z]+/g;
const MAX_PAYLOADS = 8;

/** Share of printable characters in decoded bytes; binary data is not a payload. */
function readable(text: string): boolean {
  if (text.length < 6) return false;
  let printable = 0;
  let letters = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 32 && c < 127) || c === 10 || c === 13 || c === 9 || c >= 160) printable++;
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) letters++;
  }
  return printable / text.length > 0.95 && letters / text.length > 0.5 && /\s/.test(text);
}

/** Share of words that are common English words: how English-like a text reads. */
export function englishShare(text: string): number {
  let total = 0;
  let common = 0;
  for (const m of text.toLowerCase().matchAll(WORDS)) {
    total++;
    if (COMMON_WORDS.has(m[0])) common++;
  }
  return total === 0 ? 0 : common / total;
}

// For each word: 1 when common, 2 when its ROT13 is, 4 when its reverse is.
const WORD_KINDS = new Map<string, number>();
const addKind = (word: string, kind: number) => WORD_KINDS.set(word, (WORD_KINDS.get(word) ?? 0) | kind);
for (const w of COMMON_WORDS) {
  addKind(w, 1);
  addKind(rot13(w), 2);
  addKind([...w].reverse().join(''), 4);
}
const MAX_KIND_LENGTH = Math.max(...[...WORD_KINDS.keys()].map((w) => w.length));
// WORD_KINDS as a trie over a-z, so a word is looked up as it is read, without slicing it out:
// node `n`'s child by letter `c` is KIND_NEXT[n * 26 + c] (0: none), its kind KIND_OF[n].
const KIND_NEXT: number[] = new Array(26).fill(0);
const KIND_OF: number[] = [0];
for (const [word, kind] of WORD_KINDS) {
  let node = 0;
  for (let i = 0; i < word.length; i++) {
    const slot = node * 26 + word.charCodeAt(i) - 97;
    if (KIND_NEXT[slot] === 0) {
      KIND_NEXT[slot] = KIND_OF.length;
      KIND_OF.push(0);
      for (let c = 0; c < 26; c++) KIND_NEXT.push(0);
    }
    node = KIND_NEXT[slot];
  }
  KIND_OF[node] = kind;
}
const kindNext = Int32Array.from(KIND_NEXT);
const kindOf = Uint8Array.from(KIND_OF);
// Code units of the text (for payloadCandidates) and of its lower case (for its words, when it has LOWERS_TO_ASCII).
const textUnits = new CodeUnits();
const lowerUnits = new CodeUnits();

/** Code unit `c` with A-Z lowered. */
const lowered = (c: number): number => (c >= 65 && c <= 90 ? c + 32 : c);

/** The English shares of a text, of its ROT13 and of its reverse, from the counts of a scan (see WordTally). */
function sharesOf(words: WordTally): { plain: number; rot13: number; reversed: number } {
  const { total } = words;
  return total === 0 ? { plain: 0, rot13: 0, reversed: 0 } : { plain: words.common / total, rot13: words.rotated / total, reversed: words.reversed / total };
}

/**
 * The only characters beyond ASCII whose lower case holds an ASCII letter (`İ` -> `i̇`, the
 * Kelvin sign -> `k`): in a text without them lower-casing keeps every character in place, turns
 * no character into a-z but A-Z, and so the a-z words of a text's ROT13 or reverse are those of
 * its lower case, rotated or reversed.
 */
const LOWERS_TO_ASCII = /[\u0130\u212a]/;

function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

// Classes of the ASCII characters for payloadCandidates: what a BASE64 match is made of (and its
// letters' case), what a HEX match can hold (hex digits, separators, the `0x` / `\x` prefixes)
// and the hex digits.
const BASE64_CHAR = 1;
const UPPER = 2;
const LOWER = 4;
const HEX_CHAR = 8;
const HEX_DIGIT = 16;
const ASCII_CLASS = Uint8Array.from({ length: 128 }, (_, c) => {
  const ch = String.fromCharCode(c);
  return (
    (/[A-Za-z0-9+/_-]/.test(ch) ? BASE64_CHAR : 0) |
    (/[A-Z]/.test(ch) ? UPPER : 0) |
    (/[a-z]/.test(ch) ? LOWER : 0) |
    (/[0-9a-f\s:,x\\]/i.test(ch) ? HEX_CHAR : 0) |
    (/[0-9a-f]/i.test(ch) ? HEX_DIGIT : 0)
  );
});
/** `\s` beyond ASCII (a HEX match may be separated by one). */
const isWideSpace = (c: number) =>
  c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;

/**
 * The a-z words of a text (A-Z read lowered), and how many are common words (englishShare's), or
 * are so once rotated by ROT13 or reversed: the words of a text's ROT13 or reverse are the ROT13
 * or reverse of its words (see LOWERS_TO_ASCII), so neither is built to be counted.
 */
export interface WordTally {
  total: number;
  common: number;
  rotated: number;
  reversed: number;
}

/** What one pass over a text finds for the decoders: base64 candidates and where a HEX match may occur. */
export interface Candidates {
  /** Start and end of each base64 match holding both cases, in pairs. */
  base64: number[];
  /**
   * Start and end of each maximal run of characters a HEX match can hold with at least 16 hex
   * digits in it, in pairs: every HEX match lies inside one (its characters are all such, and it
   * needs 16 digits), so the pattern is tried there and not over the whole text.
   */
  hexRuns: number[];
  /** When given, the text's words are counted into it in the same pass. */
  words?: WordTally;
}

/**
 * The base64 matches worth decoding and the HEX pre-check, in one pass over the code units. The
 * matches are those of /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{16,}={0,2}/g: a maximal run of at
 * least 16 base64 characters (the look-behind allows no other start) and up to two `=` after it.
 * Only runs holding both an upper- and a lower-case letter are kept: plain words and identifiers
 * are not base64.
 */
export function payloadCandidates(units: Uint16Array, n: number, out: Candidates): Candidates {
  out.base64.length = 0;
  out.hexRuns.length = 0;
  let runStart = -1;
  // The classes seen in the current base64 run: both cases are needed.
  let seen = 0;
  let hexDigits = -1;
  let hexStart = 0;
  const tally = out.words;
  let total = 0;
  let common = 0;
  let rotated = 0;
  let reversed = 0;
  // The word being read: its length so far (-1 between words) and its node in the word-kind trie
  // (-1 once it can be no word of it: too long, or off its paths).
  let wordLength = -1;
  let node = 0;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? units[i] : 0;
    if (tally !== undefined) {
      const letter = lowered(c);
      if (letter >= 97 && letter <= 122) {
        if (wordLength < 0) {
          wordLength = 0;
          node = 0;
        }
        node = wordLength < MAX_KIND_LENGTH && node >= 0 ? kindNext[node * 26 + letter - 97] || -1 : -1;
        wordLength++;
      } else if (wordLength >= 0) {
        total++;
        const kind = node > 0 ? kindOf[node] : 0;
        if (kind & 1) common++;
        if (kind & 2) rotated++;
        if (kind & 4) reversed++;
        wordLength = -1;
      }
    }
    const k = c < 128 ? ASCII_CLASS[c] : isWideSpace(c) ? HEX_CHAR : 0;
    if (k & BASE64_CHAR) {
      if (runStart < 0) {
        runStart = i;
        seen = 0;
      }
      seen |= k;
    } else if (runStart >= 0) {
      if (i - runStart >= 16 && (seen & (UPPER | LOWER)) === (UPPER | LOWER)) {
        let end = i;
        while (end < n && end - i < 2 && units[end] === 61) end++;
        out.base64.push(runStart, end);
      }
      runStart = -1;
    }
    if (k & HEX_CHAR) {
      if (hexDigits < 0) {
        hexStart = i;
        hexDigits = 0;
      }
      if (k & HEX_DIGIT) hexDigits++;
    } else {
      if (hexDigits >= 16) out.hexRuns.push(hexStart, i);
      hexDigits = -1;
    }
  }
  if (tally !== undefined) {
    tally.total = total;
    tally.common = common;
    tally.rotated = rotated;
    tally.reversed = reversed;
  }
  return out;
}
// Reused by every call (the candidates and words are read before the next one).
const words: WordTally = { total: 0, common: 0, rotated: 0, reversed: 0 };
const scratch: Candidates = { base64: [], hexRuns: [], words };
const lowerScratch: Candidates = { base64: [], hexRuns: [], words };

/** Every readable payload hidden in `text` (the original, not folded, text); `ascii` when it is known whether the text is ASCII. */
export function decodePayloads(text: string, ascii = isAscii(text)): DecodedPayload[] {
  const found: DecodedPayload[] = [];
  const units = textUnits.of(text);
  const runs = payloadCandidates(units, text.length, scratch);
  for (let k = 0; k < runs.base64.length && found.length < MAX_PAYLOADS; k += 2) {
    const candidate = text.slice(runs.base64[k], runs.base64[k + 1]);
    const decoded = Buffer.from(candidate.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
    if (readable(decoded)) found.push({ encoding: 'base64', text: decoded });
  }
  // The char before a run can hold no hex digit, so the look-behind reads the same at a run's start.
  for (let k = 0; k < runs.hexRuns.length && found.length < MAX_PAYLOADS; k += 2) {
    for (const m of text.slice(runs.hexRuns[k], runs.hexRuns[k + 1]).matchAll(HEX)) {
      if (found.length >= MAX_PAYLOADS) break;
      const digits = m[0].replace(/0x|\\x|[\s:,]/gi, '');
      if (digits.length % 2 !== 0) continue;
      const decoded = Buffer.from(digits, 'hex').toString('utf8');
      if (readable(decoded)) found.push({ encoding: 'hex', text: decoded });
    }
  }
  if (PERCENT.test(text)) {
    try {
      const decoded = decodeURIComponent(text);
      if (decoded !== text) found.push({ encoding: 'url', text: decoded });
    } catch {
      // Malformed escapes: nothing to read.
    }
  }
  // A text is rotated or reversed only when that reads as English and the text as written does
  // not. The words of its ROT13 or reverse are the ROT13 or reverse of its words, so neither is
  // built unless it is kept, and the words are counted by the payload scan itself, A-Z lowered
  // as they are read; a text with one of LOWERS_TO_ASCII is lower-cased, its lower case's words
  // counted, and the texts built and counted.
  const byWords = ascii || !LOWERS_TO_ASCII.test(text);
  const lower = byWords ? undefined : text.toLowerCase();
  if (lower !== undefined) payloadCandidates(lowerUnits.of(lower), lower.length, lowerScratch);
  const shares = sharesOf(words);
  if (shares.plain < 0.2 && /[a-z]{3}/i.test(text)) {
    // Each is built once: by words only when it is kept, otherwise to count its words.
    const keep = (encoding: 'rot13' | 'reversed', share: number, build: () => string) => {
      if (byWords && share < 0.25) return;
      const decoded = build();
      if (byWords || englishShare(decoded) >= 0.25) found.push({ encoding, text: decoded });
    };
    keep('rot13', shares.rot13, () => rot13(text));
    keep('reversed', shares.reversed, () => [...text].reverse().join(''));
  }
  return found;
}
