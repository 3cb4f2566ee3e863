/**
 * Unicode classes of code points, for loops that read text character by character instead of
 * running a Unicode regex over it. A BMP code point is classified once, by the property escapes
 * the regexes use, and remembered in a 64K table; astral ones are classified each time (rare).
 */
import { endianness } from 'node:os';

/** `\p{L}` */
export const LETTER = 1;
/** `\p{N}` */
export const NUMBER = 2;
/** `\p{Lu}` */
export const UPPER = 4;
/** `\p{M}` */
export const MARK = 8;
const KNOWN = 128;

const table = new Uint8Array(0x10000);
const IS_LETTER = /\p{L}/u;
const IS_NUMBER = /\p{N}/u;
const IS_UPPER = /\p{Lu}/u;
const IS_MARK = /\p{M}/u;

function classify(cp: number): number {
  const ch = String.fromCodePoint(cp);
  return (IS_LETTER.test(ch) ? LETTER : 0) | (IS_NUMBER.test(ch) ? NUMBER : 0) | (IS_UPPER.test(ch) ? UPPER : 0) | (IS_MARK.test(ch) ? MARK : 0);
}

/** The classes of code point `cp` (bit flags; a lone surrogate has none). */
export function classOf(cp: number): number {
  if (cp > 0xffff) return classify(cp);
  const known = table[cp];
  if (known !== 0) return known;
  const classes = classify(cp) | KNOWN;
  table[cp] = classes;
  return classes;
}

/**
 * The code point at `i`, as a `u`-flag regex reads it: a surrogate pair is one code point (two
 * code units long), a lone surrogate stands for itself.
 */
export function codePointAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff ? text.codePointAt(i)! : c;
}

/** An ASCII letter, `[A-Za-z]`. */
export const isAsciiLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** 1 for the ASCII letters and digits, `[A-Za-z0-9]`, by code. */
export const ASCII_ALNUM = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_ALNUM[c] = isAsciiLetter(c) || (c >= 48 && c <= 57) ? 1 : 0;

/** Code units taken by code point `cp`. */
export const widthOf = (cp: number): number => (cp > 0xffff ? 2 : 1);

/** The code point that ends at `i` (`i > 0`), as a `u`-flag look-behind reads it. */
export function codePointBefore(text: string, i: number): number {
  const c = text.charCodeAt(i - 1);
  if (c >= 0xdc00 && c <= 0xdfff && i >= 2) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (c - 0xdc00) + 0x10000;
  }
  return c;
}

const LITTLE_ENDIAN = endianness() === 'LE';

/**
 * The UTF-16 code units of a text in a typed array, copied natively: a loop over the array runs
 * several times faster than one calling charCodeAt. Each user owns one; `of` reuses its array.
 */
export class CodeUnits {
  private units = new Uint16Array(0);
  private bytes = Buffer.alloc(0);

  /** The code units of `text` in the first `text.length` entries (valid until the next call). */
  of(text: string): Uint16Array {
    if (this.units.length < text.length) {
      this.units = new Uint16Array(Math.max(1024, text.length * 2));
      this.bytes = Buffer.from(this.units.buffer);
    }
    if (LITTLE_ENDIAN) this.bytes.write(text, 0, 'utf16le');
    else for (let i = 0; i < text.length; i++) this.units[i] = text.charCodeAt(i);
    return this.units;
  }
}

/** codePointAt over code units: the code point at `i` of the `n` units, as a `u`-flag regex reads it. */
export function unitPointAt(units: Uint16Array, i: number, n: number): number {
  const c = units[i];
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
    const low = units[i + 1];
    if (low >= 0xdc00 && low <= 0xdfff) return (c - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  }
  return c;
}

/** codePointBefore over code units: the code point that ends at `i` (`i > 0`), as a `u`-flag look-behind reads it. */
export function unitPointBefore(units: Uint16Array, i: number): number {
  const c = units[i - 1];
  if (c >= 0xdc00 && c <= 0xdfff && i >= 2) {
    const high = units[i - 2];
    if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (c - 0xdc00) + 0x10000;
  }
  return c;
}
