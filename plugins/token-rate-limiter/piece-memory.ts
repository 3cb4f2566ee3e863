/**
 * Token counts of the pieces a counter has met, looked up by the piece's code units where they
 * lie in the text: a hit costs neither a sliced string nor the hashing of one, which was most of
 * what a 4 KB prompt's count cost once its pieces were found by hand. Open addressing over a
 * table at most half full; past `capacity` pieces it starts over (text repeats words, not
 * sentences).
 */
export class PieceMemory {
  private readonly mask: number;
  private keys: Array<string | undefined>;
  private readonly hashes: Int32Array;
  /** A piece's tokens; 0 marks an empty slot (every piece has at least one token). */
  private readonly counts: Int32Array;
  private size = 0;
  // Where the last `find` that missed stopped, for the `remember` that follows it.
  private missHash = 0;
  private missSlot = 0;

  constructor(private readonly capacity: number) {
    let slots = 2;
    while (slots < 2 * capacity) slots *= 2;
    this.mask = slots - 1;
    this.keys = new Array<string | undefined>(slots);
    this.hashes = new Int32Array(slots);
    this.counts = new Int32Array(slots);
  }

  /** The remembered tokens of `text[start, end)`, or 0. */
  find(text: string, start: number, end: number): number {
    const hash = pieceHash(text, start, end);
    let slot = hash & this.mask;
    for (let n = this.counts[slot]; n !== 0; n = this.counts[slot]) {
      if (this.hashes[slot] === hash && sameUnits(this.keys[slot]!, text, start, end)) return n;
      slot = (slot + 1) & this.mask;
    }
    this.missHash = hash;
    this.missSlot = slot;
    return 0;
  }

  /** Remembers `piece`, the text a `find` just missed, as `tokens` long. */
  remember(piece: string, tokens: number): void {
    let slot = this.missSlot;
    if (this.size >= this.capacity) {
      this.keys = new Array<string | undefined>(this.keys.length);
      this.counts.fill(0);
      this.size = 0;
      slot = this.missHash & this.mask;
    }
    this.keys[slot] = piece;
    this.hashes[slot] = this.missHash;
    this.counts[slot] = tokens;
    this.size++;
  }
}

/** FNV-1a over the code units of `text[start, end)`. */
export function pieceHash(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash;
}

function sameUnits(key: string, text: string, start: number, end: number): boolean {
  if (key.length !== end - start) return false;
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}
