/**
 * What each word says (its lexicon tags and phrase cues), remembered per word: most words of a
 * prompt were seen in earlier prompts. A word is found by the FNV-1a hash of its code units,
 * which the walk over the text computes anyway, and compared with the text code unit by code
 * unit, so a word seen before is never cut out of the text as a string. Everything a look-up
 * reads is in typed arrays (the words' code units side by side in one pool, in the order they
 * were first seen), so the common words a prompt repeats stay in the CPU cache.
 */
import type { Tag } from './lexicon.js';

/** What one word says. */
export interface WordReading {
  tags: Tag[];
  /** The word's phrase and pair bits (lexicon.ts `phraseCues`). */
  cues: number;
}

/** Longest word remembered: a longer one (a run of text without spaces) is read each time. */
const LONGEST = 256;
/** Code units the pool holds before the memo starts over. */
const POOL_MAX = 1 << 21;

/** Words and what they say, for one detector instance; emptied when full, to bound the memory. */
export class WordMemo {
  /** Per slot: the word's hash and its entry number plus one (0: free); never more than half full. */
  private slots = new Int32Array(2 << 12);
  private slotMask = (1 << 12) - 1;
  /** The hash's top bits pick the slot (its low bits alone are the weaker ones). */
  private slotShift = 32 - 12;
  private readonly hashes: Int32Array;
  private readonly offsets: Int32Array;
  private readonly lengths: Int32Array;
  private readonly cues: Int32Array;
  private readonly tags: Tag[][] = [];
  private scratchReading: WordReading = { tags: [], cues: 0 };
  private pool = new Uint16Array(1 << 16);
  private poolUsed = 0;
  private size = 0;

  /** `read`: what a word says, asked once per word; `max`: entries kept before starting over. */
  constructor(
    private readonly read: (word: string) => WordReading,
    private readonly max = 50_000,
  ) {
    this.hashes = new Int32Array(max);
    this.offsets = new Int32Array(max);
    this.lengths = new Int32Array(max);
    this.cues = new Int32Array(max);
  }

  /** The entry of `text[start, end)`, whose FNV-1a hash is `hash`: read on first sight, remembered after. */
  find(text: string, start: number, end: number, hash: number): number {
    const length = end - start;
    if (length > LONGEST) return this.scratch(text.slice(start, end));
    const slots = this.slots;
    const mask = this.slotMask;
    let slot = Math.imul(hash, 0x9e3779b1) >>> this.slotShift;
    for (;;) {
      const taken = slots[2 * slot + 1];
      if (taken === 0) break;
      if (slots[2 * slot] === hash) {
        const entry = taken - 1;
        if (this.lengths[entry] === length && this.sameWord(entry, text, start)) return entry;
      }
      slot = (slot + 1) & mask;
    }
    if (this.size === this.max || this.poolUsed + length > POOL_MAX) {
      this.clear();
      // Every slot is free now: the word's own is.
      slot = Math.imul(hash, 0x9e3779b1) >>> this.slotShift;
    }
    return this.add(text, start, end, hash, slot);
  }

  /** Whether entry's word is `text[start, start + its length)`. */
  private sameWord(entry: number, text: string, start: number): boolean {
    const pool = this.pool;
    const offset = this.offsets[entry];
    const length = this.lengths[entry];
    for (let k = 0; k < length; k++) if (pool[offset + k] !== text.charCodeAt(start + k)) return false;
    return true;
  }

  private add(text: string, start: number, end: number, hash: number, slot: number): number {
    const length = end - start;
    const word = text.slice(start, end);
    const reading = this.read(word);
    const entry = this.size++;
    if (this.poolUsed + length > this.pool.length) {
      const grown = new Uint16Array(Math.min(POOL_MAX, Math.max(this.pool.length * 2, this.poolUsed + length)));
      grown.set(this.pool.subarray(0, this.poolUsed));
      this.pool = grown;
    }
    for (let k = 0; k < length; k++) this.pool[this.poolUsed + k] = text.charCodeAt(start + k);
    this.hashes[entry] = hash;
    this.offsets[entry] = this.poolUsed;
    this.lengths[entry] = length;
    this.poolUsed += length;
    this.cues[entry] = reading.cues;
    this.tags[entry] = reading.tags;
    this.slots[2 * slot] = hash;
    this.slots[2 * slot + 1] = entry + 1;
    if (this.size * 2 > this.slotMask + 1) this.grow();
    return entry;
  }

  /** Twice the slots, every entry filed again: the table stays at most half full. */
  private grow(): void {
    const count = (this.slotMask + 1) * 2;
    this.slots = new Int32Array(2 * count);
    this.slotMask = count - 1;
    this.slotShift--;
    for (let entry = 0; entry < this.size; entry++) {
      let slot = Math.imul(this.hashes[entry], 0x9e3779b1) >>> this.slotShift;
      while (this.slots[2 * slot + 1] !== 0) slot = (slot + 1) & this.slotMask;
      this.slots[2 * slot] = this.hashes[entry];
      this.slots[2 * slot + 1] = entry + 1;
    }
  }

  /** A word too long to remember, read into the scratch entry (number `max`, valid until the next look-up). */
  private scratch(word: string): number {
    this.scratchReading = this.read(word);
    return this.max;
  }

  /** The tags of an entry `find` gave. */
  tagsOf(entry: number): Tag[] {
    return entry === this.max ? this.scratchReading.tags : this.tags[entry];
  }

  /** The phrase cues of an entry `find` gave. */
  cuesOf(entry: number): number {
    return entry === this.max ? this.scratchReading.cues : this.cues[entry];
  }

  /** Forgets every word (the slots keep their size). */
  private clear(): void {
    this.slots.fill(0);
    this.size = 0;
    this.poolUsed = 0;
    this.tags.length = 0;
  }

  /** Words remembered. */
  get count(): number {
    return this.size;
  }
}
