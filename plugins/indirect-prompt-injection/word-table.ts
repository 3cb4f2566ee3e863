/**
 * A fixed set of words, by their 32-bit token hash, each with a few bits: built once at module
 * load, read once per token of every unit. An open-addressed table in typed arrays, where a Map
 * keyed by hashes above 2^30 (heap numbers, not small integers) hashed each key again per look-up.
 */
export class WordTable {
  private keys = new Int32Array(1 << 10);
  private values = new Int32Array(1 << 10);
  private mask = (1 << 10) - 1;
  private shift = 32 - 10;
  private size = 0;

  /** The bits of the word whose hash is `hash` (0 for a word not in the table). */
  get(hash: number): number {
    const key = hash | 0;
    const keys = this.keys;
    const values = this.values;
    for (let i = Math.imul(key, 0x9e3779b1) >>> this.shift; ; i = (i + 1) & this.mask) {
      const value = values[i];
      if (value === 0 || keys[i] === key) return value;
    }
  }

  /** Adds `bits` (not 0) to the bits of the word whose hash is `hash`. */
  add(hash: number, bits: number): void {
    if (bits === 0) throw new RangeError('WordTable: a word needs bits');
    const key = hash | 0;
    let i = Math.imul(key, 0x9e3779b1) >>> this.shift;
    while (this.values[i] !== 0 && this.keys[i] !== key) i = (i + 1) & this.mask;
    if (this.values[i] === 0) this.size++;
    this.keys[i] = key;
    this.values[i] |= bits;
    // At most a quarter full: a look-up of a word not in the table (most words) stops at once.
    if (this.size * 4 > this.keys.length) this.grow();
  }

  private grow(): void {
    const keys = this.keys;
    const values = this.values;
    const bits = 32 - this.shift + 1;
    this.keys = new Int32Array(1 << bits);
    this.values = new Int32Array(1 << bits);
    this.mask = (1 << bits) - 1;
    this.shift = 32 - bits;
    this.size = 0;
    for (let i = 0; i < keys.length; i++) if (values[i] !== 0) this.add(keys[i], values[i]);
  }
}
