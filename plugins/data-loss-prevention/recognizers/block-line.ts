/**
 * Whether an address block's next line (BLOCK_LINE in street-address.ts) can match at all.
 * Up to six words, each splittable anywhere, give the backtracking engine millions of ways to
 * fail on a line of prose (1.6 ms for 60 characters); this walks the same pattern as sets of
 * reachable positions, so a failure costs microseconds. Where it answers yes the pattern itself
 * still runs, and picks the match.
 *
 * The pattern: ^\n[ \t>?]* (?:[,(]?[ \t]*(?:LETTER WORD_CHAR*|\d{2,6}(?:[ -]\d{2,4})?)[ \t,]*){1,6}
 * followed by \n, the end or one of .?!,
 */

import { letterAt } from './char-class.js';

const MAX_WORDS = 6;

const isDigit = (c: number) => c >= 48 && c <= 57;

/** Length in code units of the `\p{L}` character at `i`, else 0 (the pattern reads code points). */
const letterOf = (s: string, i: number) => (i < s.length ? letterAt(s, i, false) : 0);

/** The same for a word's later characters, `[\p{L}\p{M}'’.()-]`. */
function wordCharAt(s: string, i: number): number {
  if (i >= s.length) return 0;
  const c = s.charCodeAt(i);
  return c === 39 || c === 46 || c === 40 || c === 41 || c === 45 || c === 0x2019 ? 1 : letterAt(s, i, true);
}

/** Marks in `to` the position `e` a word's body ends at, and those after its trailing `[ \t,]*`. */
function markEnd(s: string, e: number, to: Uint8Array): void {
  to[e] = 1;
  for (let c = s.charCodeAt(e); c === 32 || c === 9 || c === 44; c = s.charCodeAt(e)) to[++e] = 1;
}

/** Marks in `to` every position one word (with its leading `[,(]?[ \t]*` and trailing `[ \t,]*`) can end at, from `p`. */
function word(s: string, p: number, to: Uint8Array): void {
  const n = s.length;
  for (let lead = p; ; ) {
    // Body at `b`, after the optional `[,(]` and any spaces.
    for (let b = lead; ; b++) {
      const w = letterOf(s, b);
      if (w > 0) {
        let e = b + w;
        markEnd(s, e, to);
        for (let x = wordCharAt(s, e); x > 0; x = wordCharAt(s, e)) markEnd(s, (e += x), to);
      }
      let digits = 0;
      while (b + digits < n && isDigit(s.charCodeAt(b + digits))) digits++;
      for (let len = 2; len <= Math.min(6, digits); len++) {
        const e = b + len;
        markEnd(s, e, to);
        const sep = s.charCodeAt(e);
        if (sep !== 32 && sep !== 45) continue;
        let more = 0;
        while (e + 1 + more < n && isDigit(s.charCodeAt(e + 1 + more))) more++;
        for (let len2 = 2; len2 <= Math.min(4, more); len2++) markEnd(s, e + 1 + len2, to);
      }
      const c = s.charCodeAt(b);
      if (c !== 32 && c !== 9) break;
    }
    if (lead !== p || (s.charCodeAt(p) !== 44 && s.charCodeAt(p) !== 40)) break;
    lead = p + 1;
  }
}

// Positions a word may start at and end at; reused, as the scan runs for every address found.
let from = new Uint8Array(64);
let to = new Uint8Array(64);

/** True when BLOCK_LINE has a match in `s`. */
export function blockLineCanMatch(s: string): boolean {
  const n = s.length;
  if (s.charCodeAt(0) !== 10) return false;
  if (from.length <= n) (from = new Uint8Array(n + 1)), (to = new Uint8Array(n + 1));
  from.fill(0, 0, n + 1);
  for (let i = 1; ; i++) {
    from[i] = 1;
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 62 && c !== 63) break;
  }
  for (let words = 1; words <= MAX_WORDS; words++) {
    to.fill(0, 0, n + 1);
    let any = false;
    for (let p = 0; p <= n; p++) if (from[p]) word(s, p, to);
    for (let p = 0; p <= n; p++) {
      if (!to[p]) continue;
      any = true;
      const c = s.charCodeAt(p);
      if (p === n || c === 10 || c === 46 || c === 63 || c === 33 || c === 44) return true;
    }
    if (!any) return false;
    const reached = to;
    to = from;
    from = reached;
  }
  return false;
}
