/**
 * How many tokens the byte-pair encoding of one piece of text has, merged as the tokenizer merges:
 * always the adjacent pair whose joined bytes have the lowest rank, the leftmost of equals, until
 * no pair is a token. The pairs wait in a heap, so a piece of n bytes takes about n log n steps;
 * the tokenizer library scans every pair again after each merge and builds a key per pair, which
 * took 8 s for 10,000 letters in a row and two minutes for 40,000.
 */

/** A tokenizer's ranks: each token's bytes, as a latin-1 string (one character per byte), to its rank. */
export interface ByteRanks {
  ranks: Map<string, number>;
  /** The longest token, in bytes: no longer pair needs looking up. */
  longest: number;
}

/** Reads a js-tiktoken rank file's `bpe_ranks`: lines of `<prefix> <first rank> <base64 token> ...`. */
export function readByteRanks(bpeRanks: string): ByteRanks {
  const ranks = new Map<string, number>();
  let longest = 0;
  for (const line of bpeRanks.split('\n')) {
    if (!line) continue;
    const [, first, ...tokens] = line.split(' ');
    const offset = Number.parseInt(first, 10);
    tokens.forEach((token, i) => {
      const bytes = Buffer.from(token, 'base64').toString('latin1');
      ranks.set(bytes, offset + i);
      longest = Math.max(longest, bytes.length);
    });
  }
  return { ranks, longest };
}

// A heap entry is rank * 2^24 + start: the lowest rank first, then the leftmost pair.
const POSITIONS = 2 ** 24;

/** A min-heap of numbers, reused between pieces. */
class NumberHeap {
  private items: number[] = [];

  get size(): number {
    return this.items.length;
  }

  clear(): void {
    this.items.length = 0;
  }

  push(value: number): void {
    const items = this.items;
    let i = items.push(value) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent] <= value) break;
      items[i] = items[parent];
      i = parent;
    }
    items[i] = value;
  }

  pop(): number {
    const items = this.items;
    const top = items[0];
    const last = items.pop()!;
    if (items.length > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= items.length) break;
        const child = left + 1 < items.length && items[left + 1] < items[left] ? left + 1 : left;
        if (items[child] >= last) break;
        items[i] = items[child];
        i = child;
      }
      items[i] = last;
    }
    return top;
  }
}

const heap = new NumberHeap();
let nextStart = new Int32Array(256);
let previousStart = new Int32Array(256);

/** Tokens of `bytes` (a latin-1 string of the piece's UTF-8 bytes), as the tokenizer's byte-pair merge gives them. */
export function bytePairCount(bytes: string, { ranks, longest }: ByteRanks): number {
  const n = bytes.length;
  if (n <= 1 || ranks.has(bytes)) return Math.min(n, 1);
  // Heap entries hold a start below 2^24; counted text is at most 400,000 characters (1.6 MB).
  if (n >= POSITIONS) throw new RangeError('piece too long to count');
  if (nextStart.length <= n) {
    nextStart = new Int32Array(2 * n + 2);
    previousStart = new Int32Array(2 * n + 2);
  }
  // Parts are runs of bytes, known by where they start; `nextStart` of the last one is n.
  const next = nextStart;
  const previous = previousStart;
  for (let i = 0; i < n; i++) {
    next[i] = i + 1;
    previous[i] = i - 1;
  }
  /** The rank of the part at `start` joined with the one after it, or -1. */
  const pairRank = (start: number): number => {
    const second = next[start];
    if (second >= n) return -1;
    const end = next[second];
    if (end - start > longest) return -1;
    return ranks.get(bytes.slice(start, end)) ?? -1;
  };
  heap.clear();
  for (let start = 0; start + 1 < n; start++) {
    const rank = pairRank(start);
    if (rank >= 0) heap.push(rank * POSITIONS + start);
  }
  let parts = n;
  while (heap.size > 0) {
    const entry = heap.pop();
    const start = entry % POSITIONS;
    const rank = (entry - start) / POSITIONS;
    // An entry is stale when its part was merged into the one before it (its `previous` then
    // points past it) or either part has grown since: the pair's rank then differs.
    if (previous[start] === -2 || pairRank(start) !== rank) continue;
    const second = next[start];
    next[start] = next[second];
    previous[second] = -2;
    if (next[start] < n) previous[next[start]] = start;
    parts--;
    const before = previous[start];
    if (before >= 0) {
      const r = pairRank(before);
      if (r >= 0) heap.push(r * POSITIONS + before);
    }
    const r = pairRank(start);
    if (r >= 0) heap.push(r * POSITIONS + start);
  }
  return parts;
}
