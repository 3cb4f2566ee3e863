/** Seeded random values in credential alphabets, so each test checks several varied examples. */
import { crc32 } from 'node:zlib';

export const HEX = '0123456789abcdef';
export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const BASE64URL = BASE62 + '-_';

/** A deterministic source of random characters (mulberry32). */
export class Values {
  private a: number;
  constructor(seed: number) {
    this.a = seed >>> 0;
  }
  next(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
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
