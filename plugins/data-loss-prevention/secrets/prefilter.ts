/**
 * One pass over a text that finds every place a rule's prefix or keyword occurs, however many
 * rules there are: a 128 x 128 table of the character pairs that start a needle answers for
 * almost every position with one array read, and only the positions whose first two characters
 * start some needle compare whole needles.
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
}

const lowerTable = new Uint8Array(128);
for (let c = 0; c < 128; c++) lowerTable[c] = c >= 65 && c <= 90 ? c + 32 : c;

const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Finds needles of at least two ASCII characters in a text, in one pass. */
export class NeedleScanner {
  /** Pair of first two characters -> 1 when some needle starts so (folded for keywords). */
  private readonly exactPairs = new Uint8Array(128 * 128);
  private readonly foldedPairs = new Uint8Array(128 * 128);
  private readonly exactByPair = new Map<number, Needle[]>();
  private readonly foldedByPair = new Map<number, Needle[]>();

  constructor(needles: readonly Needle[]) {
    for (const n of needles) {
      if (n.text.length < 2 || /[^\x00-\x7f]/.test(n.text)) throw new Error(`secret rule needle "${n.text}": two or more ASCII characters are required`);
      const text = n.caseSensitive ? n.text : n.text.toLowerCase();
      const pair = (text.charCodeAt(0) << 7) | text.charCodeAt(1);
      (n.caseSensitive ? this.exactPairs : this.foldedPairs)[pair] = 1;
      const byPair = n.caseSensitive ? this.exactByPair : this.foldedByPair;
      const list = byPair.get(pair);
      if (list) list.push({ ...n, text });
      else byPair.set(pair, [{ ...n, text }]);
    }
  }

  /** Calls `onHit(rule, position)` for each needle found, in text order. */
  scan(text: string, onHit: (rule: number, position: number) => void): void {
    const n = text.length - 1;
    const exact = this.exactPairs;
    const folded = this.foldedPairs;
    let c1 = n >= 0 ? text.charCodeAt(0) : 0;
    for (let i = 0; i < n; i++) {
      const c0 = c1;
      c1 = text.charCodeAt(i + 1);
      if (c0 >= 128 || c1 >= 128) continue;
      const pair = (c0 << 7) | c1;
      if (exact[pair] === 1) compareAll(text, i, this.exactByPair.get(pair)!, onHit);
      const foldedPair = (lowerTable[c0] << 7) | lowerTable[c1];
      if (folded[foldedPair] === 1) compareAll(text, i, this.foldedByPair.get(foldedPair)!, onHit);
    }
  }
}

function compareAll(text: string, at: number, needles: readonly Needle[], onHit: (rule: number, position: number) => void): void {
  for (const needle of needles) {
    if (needle.tokenStart && at > 0 && isAlnum(text.charCodeAt(at - 1))) continue;
    if (matchesAt(text, at, needle)) onHit(needle.rule, at);
  }
}

function matchesAt(text: string, at: number, needle: Needle): boolean {
  const t = needle.text;
  if (at + t.length > text.length) return false;
  for (let k = 2; k < t.length; k++) {
    let c = text.charCodeAt(at + k);
    if (!needle.caseSensitive && c < 128) c = lowerTable[c];
    if (c !== t.charCodeAt(k)) return false;
  }
  return true;
}
