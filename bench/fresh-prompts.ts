/**
 * Prompts that never repeat within a run, made as they are needed (a run sends tens of thousands:
 * kept in memory they would take hundreds of megabytes). Each is a 4 KB user prompt and a 512-byte
 * tool result cut from a corpus: the shared datasets' texts when they are present, else generated
 * prose. Cuts start where the last one ended and each opens with its request number, so no two are
 * the same; the source still checks it, counting every prompt by a digest (`taken`, `distinct`),
 * and the report prints both. Over a long run the corpus's sentences come back (the datasets are
 * about a megabyte of text), inside prompts that differ.
 */
import { createHash } from 'node:crypto';
import { seededRandom as seeded } from '../test/fixtures/seeded-random.js';
import { datasetTextsIfPresent } from './detectors.js';

const USER_BYTES = 4096;
const TOOL_BYTES = 512;

const SYLLABLES = ['ka', 'lo', 'mer', 'ti', 'san', 'dra', 'vel', 'on', 'ri', 'bu', 'cha', 'ne', 'port', 'ex', 'qui', 'lar', 'mo', 'den', 'tra', 'is', 'gal', 'fen', 'ur', 'sto', 'ba', 'lin', 'ce', 'hol', 'pra', 'to', 'wen', 'ash'];
const COMMON = ['the', 'a', 'of', 'and', 'to', 'in', 'for', 'with', 'on', 'that', 'is', 'was', 'please', 'we', 'you', 'our', 'this', 'report', 'order', 'customer', 'account', 'meeting', 'team', 'review', 'send', 'check', 'summary', 'data', 'today', 'next', 'week'];

/**
 * `bytes` of generated prose for seed `seed`: sentences of common and made-up words, some with an
 * email address, a phone number, a URL or a figure, so every detector has text of each kind to read.
 */
export function generatedText(seed: number, bytes: number): string {
  const random = seeded(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const word = () => (random() < 0.55 ? pick(COMMON) : Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(SYLLABLES)).join(''));
  const entity = () =>
    pick([
      () => `${word()}.${word()}@example.org`,
      () => `+1 555 01${String(Math.floor(random() * 100)).padStart(2, '0')}`,
      () => `https://${word()}.example.com/${word()}`,
      () => `${Math.floor(random() * 100_000)}`,
    ])();
  let out = '';
  while (out.length < bytes) {
    const words = Array.from({ length: 6 + Math.floor(random() * 14) }, () => (random() < 0.05 ? entity() : word()));
    const sentence = words.join(' ');
    out += sentence[0].toUpperCase() + sentence.slice(1) + pick(['. ', '. ', '. ', '? ', '! ']) + (random() < 0.15 ? '\n\n' : '');
  }
  return out.slice(0, bytes);
}

/** The never-repeating prompts of one run, with the count of what was handed out. */
export class FreshPrompts {
  /** Prompts handed out (recorded). */
  taken = 0;
  private readonly digests = new Set<string>();
  private offset = 0;
  private number = 0;

  private constructor(
    /** Where the text comes from: `dataset` (the shared datasets) or `generated`. */
    readonly kind: 'dataset' | 'generated',
    private readonly corpus: string,
  ) {}

  /** Prompts cut from the shared datasets when present, else generated ones. */
  static fromEnvironment(): FreshPrompts {
    const texts = datasetTextsIfPresent();
    return texts ? FreshPrompts.fromTexts(texts) : FreshPrompts.generated();
  }

  /** Prompts cut from `texts`, taken in a seeded shuffled order and joined. */
  static fromTexts(texts: readonly string[]): FreshPrompts {
    const order = texts.map((_, i) => i);
    const random = seeded(20261129);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    return new FreshPrompts('dataset', FreshPrompts.atLeast(order.map((i) => texts[i]).join('\n\n')));
  }

  /** Prompts cut from generated prose (about a megabyte, made once). */
  static generated(): FreshPrompts {
    return new FreshPrompts('generated', generatedText(20261129, 1 << 20));
  }

  /** The corpus repeated up to twice a prompt and tool result, so every cut fits in it. */
  private static atLeast(corpus: string): string {
    let out = corpus + '\n\n';
    while (out.length < 2 * (USER_BYTES + TOOL_BYTES)) out += corpus + '\n\n';
    return out;
  }

  /** Prompts whose digests were all different. */
  get distinct(): number {
    return this.digests.size;
  }

  /** Counts one prompt handed out, by digest. */
  record(text: string): void {
    this.taken++;
    this.digests.add(createHash('sha1').update(text).digest('base64'));
  }

  /** The next prompt and tool result, each opening with this request's number. */
  next(): { user: string; tool: string } {
    const n = this.number++;
    const user = this.cut(`Request ${n}. `, USER_BYTES);
    const tool = this.cut(`Result ${n}. `, TOOL_BYTES);
    this.record(user);
    return { user, tool };
  }

  private cut(head: string, bytes: number): string {
    const length = bytes - head.length;
    if (this.offset + length > this.corpus.length) this.offset = (this.offset + length) % 997;
    const text = head + this.corpus.slice(this.offset, this.offset + length);
    this.offset += length;
    return text;
  }
}
