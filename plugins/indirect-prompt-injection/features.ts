/**
 * Features of one unit of tool output: prompt_guard's features of the unit (phrase families,
 * surface statistics, hashed n-grams; shared code, see plugins/shared/prompt-features/features.ts) plus the
 * addressee cues of cues.ts. Hashed weights follow every dense feature.
 */
import { DENSE_NAMES as GUARD_DENSE, DENSE_COUNT as GUARD_COUNT, emitFeatures, FeatureScratch, type FeatureSink, type ViewFlags } from '../shared/prompt-features/features.js';
import { FAMILIES } from '../shared/prompt-features/patterns.js';
import { CUES, countCues } from './cues.js';

const OVERRIDE = FAMILIES.indexOf('instruction_override');
const OVERRIDE_WITHOUT_AI_WORDS = CUES.indexOf('override_without_ai_words');

/** Dense feature names of the indirect model, in index order. */
export const INDIRECT_DENSE_NAMES: readonly string[] = [...GUARD_DENSE, ...CUES.map((c) => `cue:${c}`)];

const NO_TRICKS: ViewFlags = { tagChars: 0, invisibleInWords: 0, homoglyphWords: 0, spacedRuns: 0, leetWords: 0, encoded: 0 };

/** Buffers reused between units. */
export class UnitScratch {
  readonly guard = new FeatureScratch();
  readonly cues = new Float64Array(CUES.length);
}

/** Streams the features of one folded unit. */
export function emitUnitFeatures(unit: string, tabular: boolean, hashBits: number, sink: FeatureSink, scratch: UnitScratch, flags = NO_TRICKS): void {
  emitFeatures(unit, unit, flags, hashBits, sink, scratch.guard, INDIRECT_DENSE_NAMES.length);
  countCues(unit, tabular, scratch.guard, scratch.guard.families[OVERRIDE], scratch.cues);
  // An override that names nothing of an assistant's world is weighed by its own feature instead
  // of the instruction_override family's: the family's value, already streamed, is taken back.
  const readerOverrides = scratch.cues[OVERRIDE_WITHOUT_AI_WORDS];
  if (readerOverrides > 0) sink(OVERRIDE, -Math.log1p(readerOverrides));
  for (let i = 0; i < CUES.length; i++) if (scratch.cues[i] > 0) sink(GUARD_COUNT + i, Math.log1p(scratch.cues[i]));
}
