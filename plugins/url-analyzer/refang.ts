/**
 * Undoes "defanging", the habit of threat reports of writing `hxxp://evil[.]com` so that nobody
 * clicks it. The analyser reads the refanged text, and knows which stretches were rewritten so a
 * URL built from them can be reported as defanged.
 */

/** hxxp / hXXps / h**p scheme names, bracketed dots and colons, and the spelled-out [dot]. */
export const DEFANG = /\bh(?:xx|XX|\*\*)p(s?)(?=\[?:)|\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)|\[:\]|\[:\/\/\]/gi;

// The bracketed forms, by their closing bracket (DEFANG reads them in any case).
const BRACKETED: ReadonlyArray<readonly [string, readonly string[]]> = [
  [']', ['[.]', '[dot]', '[:]', '[://]']],
  [')', ['(.)', '(dot)']],
  ['}', ['{.}']],
];

/** Whether `text` ends at `end` with `form` (lower case), ignoring the case of ASCII letters. */
function endsWith(text: string, end: number, form: string): boolean {
  const start = end - form.length;
  if (start < 0) return false;
  for (let k = 0; k < form.length; k++) {
    const c = text.charCodeAt(start + k);
    if ((c >= 0x41 && c <= 0x5a ? c | 0x20 : c) !== form.charCodeAt(k)) return false;
  }
  return true;
}

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
 * closing brackets and colons of the text by quick searches (a bracketed form is read whole
 * behind its bracket), where DEFANG tries every position; most texts hold none, and are given
 * back as they are.
 */
export function mayHoldDefang(text: string): boolean {
  for (const [closing, forms] of BRACKETED) {
    for (let at = text.indexOf(closing, 2); at > 0; at = text.indexOf(closing, at + 1)) {
      for (const form of forms) if (endsWith(text, at + 1, form)) return true;
    }
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
