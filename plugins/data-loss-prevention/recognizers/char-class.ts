/** Unicode letter and mark tests by code unit, for hand-written scanners over text. */

const LETTER = 1;
const MARK = 2;
const OTHER = 3;
// Classes of the Basic Multilingual Plane, filled on first sight of each character.
const bmp = new Uint8Array(0x10000);
const IS_LETTER = /^\p{L}$/u;
const IS_MARK = /^\p{M}$/u;
// Characters outside the BMP (surrogate pairs) are rare in prompts: test them in place.
const LETTER_AT = /\p{L}/uy;
const LETTER_OR_MARK_AT = /[\p{L}\p{M}]/uy;

function classOf(code: number): number {
  let k = bmp[code];
  if (k === 0) {
    const c = String.fromCharCode(code);
    bmp[code] = k = IS_LETTER.test(c) ? LETTER : IS_MARK.test(c) ? MARK : OTHER;
  }
  return k;
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;

/**
 * The length (1 or 2 code units) of the `\p{L}` character at `i`, or 0 when there is none;
 * with `orMark`, a `\p{M}` character counts too.
 */
export function letterAt(text: string, i: number, orMark: boolean): number {
  const c = text.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) ? 1 : 0;
  if (isHighSurrogate(c) && i + 1 < text.length) {
    const re = orMark ? LETTER_OR_MARK_AT : LETTER_AT;
    re.lastIndex = i;
    return re.test(text) ? 2 : 0;
  }
  const k = classOf(c);
  return k === LETTER || (orMark && k === MARK) ? 1 : 0;
}
