/** Seeded random values in credential alphabets, so each test checks several varied examples. */
import { crc32 } from 'node:zlib';
import { seededRandom } from '../../../../fixtures/seeded-random.js';

export const HEX = '0123456789abcdef';
export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const BASE64URL = BASE62 + '-_';

/** A deterministic source of random characters (mulberry32). */
export class Values {
  /** The next number in [0, 1). */
  readonly next: () => number;
  constructor(seed: number) {
    this.next = seededRandom(seed);
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chars(alphabet: string, n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
  base64(bytes: number): string {
    const b = Buffer.alloc(bytes);
    for (let i = 0; i < bytes; i++) b[i] = Math.floor(this.next() * 256);
    return b.toString('base64');
  }
  uuid(): string {
    return `${this.chars(HEX, 8)}-${this.chars(HEX, 4)}-4${this.chars(HEX, 3)}-a${this.chars(HEX, 3)}-${this.chars(HEX, 12)}`;
  }
  /** A GitHub token: prefix, 30 base62 characters and their CRC32 in 6 base62 digits. */
  githubToken(prefix = 'ghp_'): string {
    const random = this.chars(BASE62, 30);
    let n = crc32(random);
    let tail = '';
    for (; n > 0; n = Math.floor(n / 62)) tail = BASE62[n % 62] + tail;
    return prefix + random + tail.padStart(6, '0');
  }
}
