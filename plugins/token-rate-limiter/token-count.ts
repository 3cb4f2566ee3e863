import type { Tiktoken } from 'js-tiktoken/lite';

let encoder: Promise<Tiktoken> | undefined;

/**
 * The o200k_base tokenizer (GPT-4o, GPT-4.1, o-series), loaded on first use: its rank table
 * is large, and only budget policies need it. Other vendors' tokenizers differ by some percent;
 * budgets settle on the usage the provider reports, so only the reservation is approximate.
 */
export function tokenizer(): Promise<Tiktoken> {
  encoder ??= Promise.all([import('js-tiktoken/lite'), import('js-tiktoken/ranks/o200k_base')]).then(
    ([lite, ranks]) => new lite.Tiktoken(ranks.default),
  );
  return encoder;
}

/** Text past this many characters is extrapolated from the counted part (bounded CPU per request). */
const EXACT_UP_TO = 400_000;

/** Tokens of `text`. Special-token strings in user text count as plain text, never as control tokens. */
export function countTokens(encoding: Tiktoken, text: string): number {
  if (text.length === 0) return 0;
  if (text.length <= EXACT_UP_TO) return encoding.encode(text, [], []).length;
  const counted = encoding.encode(text.slice(0, EXACT_UP_TO), [], []).length;
  return Math.ceil((counted * text.length) / EXACT_UP_TO);
}
