/**
 * Adversarial inputs for the detector tests (one `adversarial.test.ts` per detector): texts of a
 * few MB built to give millions of matches, a huge single token, deep nesting, and runs that
 * come close to a pattern without completing it. A detector must read each to the end without
 * throwing (the mocha timeout is the hang detector; nothing here asserts times) and report
 * within the service's limits.
 */
import { expect } from 'chai';
import type { DetectorDefinition, DetectorHit, InspectionRequest, InspectSegment } from '../../../core/guardrail/detector.js';
import { MAX_ENTITIES_PER_FINDING, MAX_FINDINGS_PER_RULE } from '../../../core/guardrail/evaluation/report-limits.js';
import { validatorFor } from '../../../core/schema/ajv.js';

/** A megabyte, in characters. */
export const MB = 1_000_000;

/** `unit` repeated until the text is about `chars` long. */
export function repeated(unit: string, chars: number): string {
  return unit.repeat(Math.max(1, Math.floor(chars / unit.length)));
}

/** `open` nested `depth` times around `inner`, closed again. */
export function nested(open: string, close: string, depth: number, inner = 'x'): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

/** A detector's settings with the schema's defaults applied to `overrides` (validated, as a policy write would). */
export function settingsOf<S extends object>(definition: DetectorDefinition<S>, overrides: Record<string, unknown> = {}): S {
  const settings = structuredClone(overrides);
  const validate = validatorFor(definition.schemaId);
  expect(validate(settings), JSON.stringify(validate.errors)).to.equal(true);
  return settings as S;
}

/** An inspection request of text segments (`source` prompt unless given). */
export function requestOf(texts: string[], source: InspectSegment['source'] = 'prompt', direction: 'input' | 'output' = 'input'): InspectionRequest {
  return { direction, segments: texts.map((text, id) => ({ id, text, source })), attachments: [], attributes: {} };
}

/** The report stays within what the service keeps of one rule: findings and entity names per finding. */
export function expectWithinLimits(hits: DetectorHit[]): void {
  expect(hits).to.be.an('array');
  expect(hits.length).to.be.at.most(MAX_FINDINGS_PER_RULE);
  for (const hit of hits) expect((hit.entities ?? []).length, hit.type).to.be.at.most(MAX_ENTITIES_PER_FINDING);
}

/** Inputs every detector reads: a few MB each. */
export const COMMON_CASES: ReadonlyArray<readonly [string, () => string]> = [
  ['a 1 MB token with no space', () => 'a'.repeat(MB)],
  ['a 1 MB token of mixed letters and digits', () => repeated('aZ9', MB)],
  ['a 1 MB run of one punctuation mark', () => '!'.repeat(MB)],
  ['2 MB of white space', () => repeated(' \n\t', 2 * MB)],
  ['a million one-letter words', () => repeated('a ', 2 * MB)],
  ['a million line breaks', () => '\n'.repeat(MB)],
  ['1 MB of invisible and combining characters', () => repeated('\u200b\u0301\u202e\ufeff', MB)],
  ['1 MB of lone surrogates', () => repeated('\ud800', MB)],
  ['a million dots', () => '.'.repeat(MB)],
  ['deep brackets', () => nested('([{<', '>}])', 250_000)],
];
