/**
 * Unicode folding for injection detection: the text a model or a person would read, without the
 * tricks used to hide words from filters. One pass builds the folded text and counts the tricks.
 */
import { CONFUSABLES } from './confusables.js';
import { classOf, codePointAt, isAsciiLetter, LETTER, MARK, NUMBER, widthOf } from './chars.js';
import { escapeRegExp } from '../regexp-literal.js';

/** What folding found and produced. */
export interface FoldedText {
  /** NFKC, lower case, Latin accents removed, invisibles dropped, look-alikes folded, tag text appended. */
  text: string;
  /** ASCII hidden in Unicode tag characters (U+E0020..U+E007E), decoded. */
  tagText: string;
  /** Unicode tag characters seen. */
  tagChars: number;
  /** Zero-width and bidi control characters standing between two letters. */
  invisibleInWords: number;
  /** Words that mix ASCII letters with look-alike letters of another script. */
  homoglyphWords: number;
}

// Zero-width, joiners, word joiner, BOM, soft hyphen, Mongolian vowel separator, bidi controls.
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
const INVISIBLE_ALL = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufe00-\ufe0f]/g;
const LATIN_MARKS = /[\u0300-\u036f]/g;
const HAS_LATIN_MARK = /[\u0300-\u036f]/;
// Any confusable letter (all of them are in the BMP).
const CONFUSABLE = new RegExp(`[${[...CONFUSABLES.keys()].map((cp) => String.fromCharCode(cp)).join('')}]`);

/** NFKC with Latin/Greek/Cyrillic accents removed; also applied to (lower-case) pattern sources. */
export function foldMarks(text: string): string {
  const nfkc = text.normalize('NFKC');
  // Only decompose when there is something to strip: NFD/NFC on plain ASCII is wasted work.
  if (!/[^\x00-\x7f]/.test(nfkc)) return nfkc;
  const nfd = nfkc.normalize('NFD');
  // With no accent to strip, composing again gives NFC(nfkc), which is nfkc: an NFKC string is in NFC.
  if (!HAS_LATIN_MARK.test(nfd)) return nfkc;
  return nfd.replace(LATIN_MARKS, '').normalize('NFC');
}

/** Lower case, NFKC, and accents removed. */
export function foldCase(text: string): string {
  return foldMarks(text.toLowerCase());
}

function isHighSurrogateTag(code: number): boolean {
  return code === 0xdb40;
}

/** Removes tag and invisible characters, decoding the tag text and counting what was hidden. */
function stripHidden(text: string, out: { tagText: string; tagChars: number; invisibleInWords: number }): string {
  let result = '';
  let tagText = '';
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isHighSurrogateTag(code) && i + 1 < text.length) {
      const cp = text.codePointAt(i)!;
      if (cp >= 0xe0000 && cp <= 0xe007f) {
        result += text.slice(last, i);
        out.tagChars++;
        if (cp >= 0xe0020 && cp <= 0xe007e) tagText += String.fromCharCode(cp - 0xe0000);
        i++;
        last = i + 1;
        continue;
      }
    }
    if (code >= 0x00ad && INVISIBLE.test(text[i])) {
      if (i > 0 && i + 1 < text.length && (classOf(text.charCodeAt(i - 1)) & LETTER) !== 0 && (classOf(text.charCodeAt(i + 1)) & LETTER) !== 0) out.invisibleInWords++;
    }
  }
  result += text.slice(last);
  out.tagText = tagText;
  return result.replace(INVISIBLE_ALL, '');
}

/** Folds confusable letters in words that mix scripts, or everywhere when the text is mostly Latin. */
function foldConfusables(text: string, counts: { homoglyphWords: number }): string {
  // Without a confusable letter every word stays as it is.
  if (!CONFUSABLE.test(text)) return text;
  let latin = 0;
  let other = 0;
  for (let i = 0; i < text.length; ) {
    const cp = codePointAt(text, i);
    if (cp < 128) {
      if (isAsciiLetter(cp)) latin++;
    } else if (classOf(cp) & LETTER) other++;
    i += widthOf(cp);
  }
  const mostlyLatin = latin > other;
  // Words are runs of [\p{L}\p{M}\p{N}]; a word is folded when it holds a confusable letter and no
  // other foreign letter, and either ASCII letters too or the text is mostly Latin.
  let out = '';
  let copied = 0;
  let start = -1;
  let hasAscii = false;
  let confusable = 0;
  let foreign = 0;
  for (let i = 0; i <= text.length; ) {
    const cp = i < text.length ? codePointAt(text, i) : -1;
    const classes = cp < 0 ? 0 : classOf(cp);
    if (classes & (LETTER | MARK | NUMBER)) {
      if (start < 0) {
        start = i;
        hasAscii = false;
        confusable = 0;
        foreign = 0;
      }
      if (cp < 128) hasAscii ||= isAsciiLetter(cp);
      else if (CONFUSABLES.has(cp)) confusable++;
      else if (classes & LETTER) foreign++;
    } else if (start >= 0) {
      if (confusable > 0 && foreign === 0 && (hasAscii || mostlyLatin)) {
        counts.homoglyphWords++;
        out += text.slice(copied, start);
        for (const ch of text.slice(start, i)) out += CONFUSABLES.get(ch.codePointAt(0)!) ?? ch;
        copied = i;
      }
      start = -1;
    }
    i += cp < 0 ? 1 : widthOf(cp);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** True when every character of `text` is ASCII. */
export function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * The folding of an ASCII text, given its lower case: ASCII is its own NFKC form and holds no
 * accents, look-alikes, invisible or tag characters, so folding it is lower-casing it.
 */
export function asciiFolding(lower: string): FoldedText {
  return { text: lower, tagText: '', tagChars: 0, invisibleInWords: 0, homoglyphWords: 0 };
}

// What hides text or splits words: soft hyphen, zero-width and bidi controls, variation
// selectors, the byte-order mark, and the high surrogate of every Unicode tag character. NFKC
// makes none of them from other characters.
const HIDING = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufe00-\ufe0f\ufeff\udb40]/;

/** Whether `text` holds a character that hides text or splits words; when not, its folding counts no tag or invisible character. */
export function mayHideText(text: string): boolean {
  return HIDING.test(text);
}

/** Folds `text` for matching and counts the hiding tricks it used; `ascii` when it is known whether the text is ASCII. */
export function foldText(text: string, ascii = isAscii(text)): FoldedText {
  if (ascii) return asciiFolding(text.toLowerCase());
  const hidden = { tagText: '', tagChars: 0, invisibleInWords: 0 };
  const visible = text.normalize('NFKC');
  const stripped = HIDING.test(visible)
    ? stripHidden(visible, hidden)
    : visible;
  const counts = { homoglyphWords: 0 };
  const unconfused = foldConfusables(stripped, counts);
  const withTags = hidden.tagText ? `${unconfused}\n${hidden.tagText}` : unconfused;
  return {
    text: foldCase(withTags),
    tagText: hidden.tagText,
    tagChars: hidden.tagChars,
    invisibleInWords: hidden.invisibleInWords,
    homoglyphWords: counts.homoglyphWords,
  };
}

/** Matches any of the allow-listed phrases (folded as the text is), or null when there are none. */
export function allowPhraseMatcher(phrases: readonly string[]): RegExp | null {
  const folded = phrases.map((p) => foldCase(p).trim()).filter(Boolean);
  return folded.length ? new RegExp(folded.map(escapeRegExp).join('|'), 'g') : null;
}
