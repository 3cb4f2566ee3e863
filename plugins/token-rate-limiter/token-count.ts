import { asciiPieceEnd, O200K_PATTERN } from './ascii-pieces.js';
import { bytePairCount, readByteRanks, type ByteRanks } from './byte-pair-count.js';
import { PieceMemory } from './piece-memory.js';

/** Distinct pieces remembered; past it the memory starts over (text repeats words, not sentences). */
const PIECE_MEMORY = 50_000;
/** Text past this many characters is extrapolated from the counted part (bounded CPU per request). */
const EXACT_UP_TO = 400_000;

/**
 * Counts tokens of the o200k_base tokenizer. The tokenizer first splits text into pieces with
 * its pattern and byte-pair encodes each piece on its own, so a text's count is the sum of its
 * pieces' counts: each distinct piece (a word with its leading space, a number, punctuation) is
 * counted once and its count remembered. The tokenizer library's own `encode` re-encodes every
 * piece each time, about 1 µs per token, and its merge grows with the cube of a piece's length.
 */
export class TokenCounter {
  /**
   * The pattern's pieces tile any text (every code point starts one, as a test checks), so each
   * piece is matched where the last one ended.
   */
  private readonly pieces: RegExp;
  /** The same pattern, to split a piece again as the tokenizer's `encode` would. */
  private readonly split: RegExp;
  private readonly memory = new PieceMemory(PIECE_MEMORY);
  /** o200k_base's pieces read by hand where the text is ASCII (ascii-pieces.ts), the expression elsewhere. */
  private readonly asciiPieces: boolean;

  constructor(
    private readonly ranks: ByteRanks,
    pattern: string,
  ) {
    this.pieces = new RegExp(pattern, 'uy');
    this.split = new RegExp(pattern, 'ug');
    this.asciiPieces = pattern === O200K_PATTERN;
  }

  /** Tokens of `text`. Special-token strings in user text count as plain text, never as control tokens. */
  count(text: string): number {
    if (text.length === 0) return 0;
    if (text.length > EXACT_UP_TO) return Math.ceil((this.count(text.slice(0, EXACT_UP_TO)) * text.length) / EXACT_UP_TO);
    let total = 0;
    for (let start = 0, end; start < text.length; start = end) {
      end = this.pieceEnd(text, start);
      if (end <= start) break;
      total += this.memory.find(text, start, end) || this.countPiece(text.slice(start, end));
    }
    return total;
  }

  /** Where the piece at `start` ends; `test`, not `exec`, which would allocate a match array per piece. */
  private pieceEnd(text: string, start: number): number {
    const end = this.asciiPieces ? asciiPieceEnd(text, start) : -1;
    if (end >= 0) return end;
    const pieces = this.pieces;
    pieces.lastIndex = start;
    return pieces.test(text) ? pieces.lastIndex : start;
  }

  /** Tokens of a piece the memory missed, remembered. */
  private countPiece(piece: string): number {
    let n = 0;
    // Matched alone, a piece is almost always one piece again, but the pattern looks ahead.
    for (const match of piece.matchAll(this.split)) n += bytePairCount(Buffer.from(match[0], 'utf8').toString('latin1'), this.ranks);
    this.memory.remember(piece, n);
    return n;
  }
}

let counter: Promise<TokenCounter> | undefined;

/**
 * The o200k_base tokenizer (GPT-4o, GPT-4.1, o-series), loaded on first use: its rank table
 * is large, and only budget policies need it. Other vendors' tokenizers differ by some percent;
 * budgets settle on the usage the provider reports, so only the reservation is approximate.
 */
export function tokenizer(): Promise<TokenCounter> {
  counter ??= import('js-tiktoken/ranks/o200k_base').then(({ default: ranks }) => new TokenCounter(readByteRanks(ranks.bpe_ranks), ranks.pat_str));
  return counter;
}

/** Tokens of `text` (see TokenCounter.count). */
export function countTokens(counter: TokenCounter, text: string): number {
  return counter.count(text);
}
