/**
 * What each word says (its lexicon tags and phrase cues), remembered per word: most words of a
 * prompt were seen in earlier prompts. A word is found by the FNV-1a hash of its code units,
 * which the walk over the text computes anyway, and compared with the text code unit by code
 * unit, so a word seen before is never cut out of the text as a string. Everything a look-up
 * reads is in typed arrays (the words' code units side by side in one pool, in the order they
 * were first seen), so the common words a prompt repeats stay in the CPU cache.
 */
import type { Tag } from './lexicon.js';
import { stringOf } from './code-units.js';

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

/** Per slot: four Int32 (its word's hash, entry plus one with the QUIET flag, pool offset, length). */
const SLOT_INTS = 4;
/** In a slot's entry field: the word has no tag and no phrase cue, so nothing of its entry need be read. */
const QUIET = 1 << 30;

/** Words and what they say, for one detector instance; emptied when full, to bound the memory. */
export class WordMemo {
  /** `find`'s answer for a word that says nothing: no tag, no phrase cue (most words of a prompt). */
  static readonly SAYS_NOTHING = -1;
  /**
   * Per slot, side by side in one record (one cache line read per look-up): the word's hash, its
   * entry number plus one (0: free) with QUIET, and where its code units lie in the pool. Never
   * more than half full.
   */
  private slots = new Int32Array(SLOT_INTS << 12);
  private slotMask = (1 << 12) - 1;
  /** The hash's top bits pick the slot (its low bits alone are the weaker ones). */
  private slotShift = 32 - 12;
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
    this.cues = new Int32Array(max);
  }

  /**
   * The entry of `text[start, end)`, whose FNV-1a hash is `hash`: read on first sight, remembered
   * after. SAYS_NOTHING when the word has no tag and no cue: the caller need not ask for them.
   * `units`: the text's code units one place on (`units[k + 1]` is `text.charCodeAt(k)`), as
   * WindowScorer.load holds them: compared instead of the string, whose code units are slower to read.
   */
  find(text: string, start: number, end: number, hash: number, units?: Uint16Array): number {
    return this.lookUp(text, units, start, end, hash);
  }

  /**
   * `find` for a word held only as code units, one place on (`units[k + 1]` is the text's code
   * unit k, as WindowScorer holds a loaded text): the word is made a string only when it is read
   * for the first time.
   */
  findInUnits(units: Uint16Array, start: number, end: number, hash: number): number {
    return this.lookUp(undefined, units, start, end, hash);
  }

  /** `find` of a word given as a string, as code units or both (then the code units are compared). */
  private lookUp(text: string | undefined, units: Uint16Array | undefined, start: number, end: number, hash: number): number {
    const length = end - start;
    if (length > LONGEST) return this.scratch(wordOf(text, units, start, end));
    const slots = this.slots;
    const mask = this.slotMask;
    let slot = Math.imul(hash, 0x9e3779b1) >>> this.slotShift;
    for (;;) {
      const at = slot * SLOT_INTS;
      const taken = slots[at + 1];
      if (taken === 0) break;
      if (slots[at] === hash && slots[at + 3] === length && (units ? this.sameUnits(slots[at + 2], length, units, start + 1) : this.sameWord(slots[at + 2], length, text!, start))) {
        return taken & QUIET ? WordMemo.SAYS_NOTHING : (taken & ~QUIET) - 1;
      }
      slot = (slot + 1) & mask;
    }
    if (this.size === this.max || this.poolUsed + length > POOL_MAX) {
      this.clear();
      // Every slot is free now: the word's own is.
      slot = Math.imul(hash, 0x9e3779b1) >>> this.slotShift;
    }
    return this.add(wordOf(text, units, start, end), hash, slot);
  }

  /** Whether the pool's `length` code units from `offset` are `text[start, start + length)`. */
  private sameWord(offset: number, length: number, text: string, start: number): boolean {
    const pool = this.pool;
    for (let k = 0; k < length; k++) if (pool[offset + k] !== text.charCodeAt(start + k)) return false;
    return true;
  }

  /** Whether the pool's `length` code units from `offset` are `units[start, start + length)`. */
  private sameUnits(offset: number, length: number, units: Uint16Array, start: number): boolean {
    const pool = this.pool;
    for (let k = 0; k < length; k++) if (pool[offset + k] !== units[start + k]) return false;
    return true;
  }

  private add(word: string, hash: number, slot: number): number {
    const length = word.length;
    const reading = this.read(word);
    const entry = this.size++;
    if (this.poolUsed + length > this.pool.length) {
      const grown = new Uint16Array(Math.min(POOL_MAX, Math.max(this.pool.length * 2, this.poolUsed + length)));
      grown.set(this.pool.subarray(0, this.poolUsed));
      this.pool = grown;
    }
    for (let k = 0; k < length; k++) this.pool[this.poolUsed + k] = word.charCodeAt(k);
    const quiet = reading.tags.length === 0 && reading.cues === 0;
    const at = slot * SLOT_INTS;
    this.slots[at] = hash;
    this.slots[at + 1] = (entry + 1) | (quiet ? QUIET : 0);
    this.slots[at + 2] = this.poolUsed;
    this.slots[at + 3] = length;
    this.poolUsed += length;
    this.cues[entry] = reading.cues;
    this.tags[entry] = reading.tags;
    if (this.size * 2 > this.slotMask + 1) this.grow();
    return quiet ? WordMemo.SAYS_NOTHING : entry;
  }

  /** Twice the slots, every record filed again: the table stays at most half full. */
  private grow(): void {
    const old = this.slots;
    const count = (this.slotMask + 1) * 2;
    this.slots = new Int32Array(SLOT_INTS * count);
    this.slotMask = count - 1;
    this.slotShift--;
    for (let from = 0; from < old.length; from += SLOT_INTS) {
      if (old[from + 1] === 0) continue;
      let slot = Math.imul(old[from], 0x9e3779b1) >>> this.slotShift;
      while (this.slots[slot * SLOT_INTS + 1] !== 0) slot = (slot + 1) & this.slotMask;
      this.slots.set(old.subarray(from, from + SLOT_INTS), slot * SLOT_INTS);
    }
  }

  /** A word too long to remember, read into the scratch entry (number `max`, valid until the next look-up). */
  private scratch(word: string): number {
    this.scratchReading = this.read(word);
    return this.max;
  }

  /** The tags of an entry `find` gave (none for SAYS_NOTHING). */
  tagsOf(entry: number): Tag[] {
    return entry === this.max ? this.scratchReading.tags : entry < 0 ? NO_TAGS : this.tags[entry];
  }

  /** The phrase cues of an entry `find` gave (0 for SAYS_NOTHING). */
  cuesOf(entry: number): number {
    return entry === this.max ? this.scratchReading.cues : entry < 0 ? 0 : this.cues[entry];
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

const NO_TAGS: Tag[] = [];

/** The word `text[start, end)`, from the string when there is one, else from its code units one place on. */
function wordOf(text: string | undefined, units: Uint16Array | undefined, start: number, end: number): string {
  return text !== undefined ? text.slice(start, end) : stringOf(units!, start + 1, end + 1);
}
