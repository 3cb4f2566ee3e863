/**
 * One pass over a text that finds every place a rule's prefix or keyword occurs, however many
 * rules there are. Each position costs one read of a 128 x 128 table of the two code units any
 * needle may start with (as written: each case form of a keyword's); only at the few positions
 * it lets through are the hashed (case-folded) three-character starts of the needles, a 64K
 * table, and the two-character needles looked up, and only there are whole needles compared.
 */

/** A string the scanner looks for, and the rule it stands for. */
export interface Needle {
  text: string;
  /** Prefixes match case-sensitively, keywords case-insensitively. */
  caseSensitive: boolean;
  /** The character before must be no ASCII letter or digit (a prefix starts a token). */
  tokenStart: boolean;
  /** Index of the rule. */
  rule: number;
  /** The needle must be followed by an assignment: an optional quote, spaces, then `:` or `=`. */
  operatorAfter?: boolean;
}

const lowerTable = new Uint8Array(128);
for (let c = 0; c < 128; c++) lowerTable[c] = c >= 65 && c <= 90 ? c + 32 : c;

const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const gramOf = (f0: number, f1: number, f2: number) => ((f0 * 961 + f1 * 31 + f2) * 2654435761) >>> 16;

/** Finds needles of at least two ASCII characters in a text, in one pass. */
export class NeedleScanner {
  /** Hash of the folded first three characters -> 1 when some needle of 3+ characters may start so. */
  private readonly grams = new Uint8Array(1 << 16);
  private readonly byGram = new Map<number, Needle[]>();
  /** Two-character needles (prefixes such as `SK`), by their exact pair. */
  private readonly pairs = new Uint8Array(128 * 128);
  private readonly byPair = new Map<number, Needle[]>();
  /**
   * By two ASCII code units as written (first * 128 + second): 1 when some needle may start with
   * them. Most positions of a text start none, and cost this one read of a table small enough to
   * stay in the processor's first cache (the 64K gram table does not).
   */
  private readonly starts = new Uint8Array(128 * 128);

  constructor(needles: readonly Needle[]) {
    for (const n of needles) {
      if (n.text.length < 2 || /[^\x00-\x7f]/.test(n.text)) throw new Error(`secret rule needle "${n.text}": two or more ASCII characters are required`);
      const needle = { ...n, text: n.caseSensitive ? n.text : n.text.toLowerCase() };
      const t = needle.text;
      for (const c0 of caseForms(t.charCodeAt(0), n.caseSensitive)) for (const c1 of caseForms(t.charCodeAt(1), n.caseSensitive)) this.starts[(c0 << 7) | c1] = 1;
      if (t.length === 2) {
        // A two-character keyword goes in as each of its case forms, matched exactly.
        const forms = n.caseSensitive ? [t] : [...new Set([t, t.toUpperCase(), t[0].toUpperCase() + t[1], t[0] + t[1].toUpperCase()])];
        for (const form of forms) {
          const pair = (form.charCodeAt(0) << 7) | form.charCodeAt(1);
          this.pairs[pair] = 1;
          add(this.byPair, pair, { ...needle, text: form, caseSensitive: true });
        }
        continue;
      }
      const gram = gramOf(lowerTable[t.charCodeAt(0)], lowerTable[t.charCodeAt(1)], lowerTable[t.charCodeAt(2)]);
      this.grams[gram] = 1;
      add(this.byGram, gram, needle);
    }
  }

  /** Calls `onHit(rule, position)` for each needle found, in text order. */
  scan(text: string, onHit: (rule: number, position: number) => void): void {
    const n = text.length;
    if (n < 2) return;
    const grams = this.grams;
    const pairs = this.pairs;
    const starts = this.starts;
    let c1 = text.charCodeAt(0);
    let c2 = text.charCodeAt(1);
    for (let i = 0; i < n - 1; i++) {
      const c0 = c1;
      c1 = c2;
      c2 = i + 2 < n ? text.charCodeAt(i + 2) : 0;
      // Characters beyond ASCII start no needle (nor does a position with one in its three).
      if ((c0 | c1) >= 128 || starts[(c0 << 7) | c1] === 0 || c2 >= 128) continue;
      if (pairs[(c0 << 7) | c1] === 1) compareAll(text, i, this.byPair.get((c0 << 7) | c1)!, onHit);
      const gram = gramOf(lowerTable[c0], lowerTable[c1], lowerTable[c2]);
      if (grams[gram] === 1) compareAll(text, i, this.byGram.get(gram)!, onHit);
    }
  }
}

/** The code units a needle's code unit `c` stands for: itself, and its upper case when case is folded. */
function caseForms(c: number, caseSensitive: boolean): number[] {
  return !caseSensitive && c >= 97 && c <= 122 ? [c, c - 32] : [c];
}

function add(map: Map<number, Needle[]>, key: number, needle: Needle): void {
  const list = map.get(key);
  if (list) list.push(needle);
  else map.set(key, [needle]);
}

function compareAll(text: string, at: number, needles: readonly Needle[], onHit: (rule: number, position: number) => void): void {
  for (const needle of needles) {
    if (needle.tokenStart && at > 0 && isAlnum(text.charCodeAt(at - 1))) continue;
    if (matchesAt(text, at, needle) && (!needle.operatorAfter || operatorAt(text, at + needle.text.length))) onHit(needle.rule, at);
  }
}

/** True when `text` at `i` holds an optional quote, spaces, then `:` or `=`. */
function operatorAt(text: string, i: number): boolean {
  let c = text.charCodeAt(i);
  if (c === 34 || c === 39) c = text.charCodeAt(++i);
  while (c === 32 || c === 9 || c === 10 || c === 13) c = text.charCodeAt(++i);
  return c === 58 || c === 61;
}

function matchesAt(text: string, at: number, needle: Needle): boolean {
  const t = needle.text;
  if (at + t.length > text.length) return false;
  for (let k = 0; k < t.length; k++) {
    let c = text.charCodeAt(at + k);
    if (!needle.caseSensitive && c < 128) c = lowerTable[c];
    if (c !== t.charCodeAt(k)) return false;
  }
  return true;
}
