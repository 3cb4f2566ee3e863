/**
 * Undoes "defanging", the habit of threat reports of writing `hxxp://evil[.]com` so that nobody
 * clicks it. The analyser reads the refanged text, and knows which stretches were rewritten so a
 * URL built from them can be reported as defanged.
 */

/** hxxp / hXXps / h**p scheme names, bracketed dots and colons, and the spelled-out [dot]. */
export const DEFANG = /\bh(?:xx|XX|\*\*)p(s?)(?=\[?:)|\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)|\[:\]|\[:\/\/\]/gi;

// The code units a closing bracket of a defanged dot, colon or slash follows: `[.]` `[dot]`
// `[:]` `[://]`, `(.)` `(dot)`, `{.}`.
const BEFORE_CLOSING: ReadonlyArray<readonly [string, readonly number[]]> = [
  [']', [0x2e, 0x74, 0x54, 0x3a, 0x2f]],
  [')', [0x2e, 0x74, 0x54]],
  ['}', [0x2e]],
];

/** Whether a colon at `at` ends a defanged scheme: x, X or `*`, then p (and s) in any case, then `[` or not. */
function endsDefangedScheme(text: string, at: number): boolean {
  let i = at - 1;
  if (text.charCodeAt(i) === 0x5b) i--;
  if ((text.charCodeAt(i) | 0x20) === 0x73) i--;
  if ((text.charCodeAt(i) | 0x20) !== 0x70) return false;
  const x = text.charCodeAt(i - 1);
  return (x | 0x20) === 0x78 || x === 0x2a;
}

/**
 * Whether `text` may hold a defanged form: true for every text DEFANG matches. Found from the
 * closing brackets and colons of the text by quick searches, where DEFANG tries every position;
 * most texts hold none, and are given back as they are.
 */
export function mayHoldDefang(text: string): boolean {
  for (const [closing, before] of BEFORE_CLOSING) {
    for (let at = text.indexOf(closing, 1); at > 0; at = text.indexOf(closing, at + 1)) if (before.includes(text.charCodeAt(at - 1))) return true;
  }
  for (let at = text.indexOf(':', 2); at > 0; at = text.indexOf(':', at + 1)) if (endsDefangedScheme(text, at)) return true;
  return false;
}

/** Refanged text and the [start, end) ranges of the output that replaced a defanged form. */
export interface Refanged {
  text: string;
  rewritten: Array<[number, number]>;
}

function replacement(match: string, s: string | undefined): string {
  if (s !== undefined) return `http${s}`;
  if (match === '[:]') return ':';
  if (match === '[://]') return '://';
  return '.';
}

/** Rewrites defanged URL parts to their plain form. */
export function refang(text: string): Refanged {
  const rewritten: Array<[number, number]> = [];
  if (!mayHoldDefang(text)) return { text, rewritten };
  let delta = 0;
  const out = text.replace(DEFANG, (match: string, s: string | undefined, offset: number) => {
    const plain = replacement(match, s);
    const start = offset + delta;
    rewritten.push([start, start + plain.length]);
    delta += plain.length - match.length;
    return plain;
  });
  return { text: out, rewritten };
}

/**
 * True when [start, end) overlaps a rewritten range. The ranges come in text order without
 * overlapping, so a binary search finds the first that ends after `start`: a scan of all of them
 * per URL took time growing with the square of a text full of defanged URLs.
 */
export function wasRewritten(refanged: Refanged, start: number, end: number): boolean {
  const ranges = refanged.rewritten;
  let low = 0;
  let high = ranges.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (ranges[mid][1] > start) high = mid;
    else low = mid + 1;
  }
  return low < ranges.length && ranges[low][0] < end;
}
