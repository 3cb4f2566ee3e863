/**
 * Smart routing's classifier: prompt features -> a complexity tier. A few features decide
 * Hard on their own (declared tools or tool activity, a JSON schema to answer in, a long
 * context); otherwise points add up from length, depth, code, reasoning, maths, structure,
 * constraints and composition cues, and two thresholds split Simple, Medium and Hard. The
 * weights and thresholds were tuned on the tune half of test/fixtures/routing/complexity and
 * are reported on the held-out half (docs/routing.md).
 */
import type { CanonicalRequest } from '../../../canonical/index.js';
import { promptFeatures, type PromptFeatures } from './prompt-features.js';

export type Tier = 'simple' | 'medium' | 'hard';

/** A tier with the score behind it and the signals that fired (recorded on the exchange). */
export interface Classification {
  tier: Tier;
  score: number;
  signals: string[];
}

/** Score thresholds: a hard score at or above `hard` is Hard; a total at or above `medium` is Medium. */
const THRESHOLDS = Object.freeze({ medium: 1.5, hard: 3 });

/** Characters of conversation above which a request is a long-context (Hard) request (~1,500 words). */
const LONG_CONTEXT_CHARS = 9_000;

const capped = (value: number, weight: number, cap: number) => Math.min(cap, value * weight);

/** Scores features; returns the tier, score and fired signals. */
function classifyFeatures(f: PromptFeatures): Classification {
  const signals: string[] = [];
  const decided = (signal: string): Classification => ({ tier: 'hard', score: Infinity, signals: [signal] });
  if (f.tools > 0) return decided('tools');
  if (f.toolActivity > 0) return decided('tool_activity');
  if (f.responseFormat === 2) return decided('json_schema');
  if (f.chars >= LONG_CONTEXT_CHARS) return decided('long_context');

  let hard = 0;
  let medium = 0;
  const toHard = (points: number, signal: string) => {
    if (points <= 0) return;
    hard += points;
    signals.push(signal);
  };
  const toMedium = (points: number, signal: string) => {
    if (points <= 0) return;
    medium += points;
    signals.push(signal);
  };
  // Work the answer needs: code, maths, multi-step reasoning, structure.
  toHard(f.codeFences > 0 ? 5 : f.codeLines >= 3 ? 4 : f.codeLines > 0 ? 1 : 0, 'code');
  toHard(f.errorReport ? 3 : 0, 'error_report');
  toHard(f.codeAsk ? 4 : 0, 'code_task');
  toHard(capped(f.codeTerms, 0.75, 3), 'code_terms');
  toHard(capped(f.reasoningCues, 1.25, 4), 'reasoning');
  toHard(capped(f.mathCues, 1.25, 4), 'maths');
  toHard(f.lastUserWords >= 12 ? (f.numbers >= 6 ? 2 : f.numbers >= 3 ? 1 : 0) : 0, 'numbers');
  toHard(f.responseFormat === 1 ? 6 : capped(f.structuredCues, 2, 4), 'structured_output');
  toHard(capped(f.constraintCues, 0.5, 2), 'constraints');
  toHard(f.questions > 1 ? 0.5 : 0, 'several_questions');
  toHard(f.listItems >= 3 ? 1 : 0, 'enumeration');
  toHard(f.turns > 6 ? 2 : 0, 'depth');
  toHard(f.reasoningRequested ? 3 : 0, 'reasoning_requested');
  // Work of composition: explanation, advice, creative writing, a longer ask.
  toMedium(capped(f.explainCues, 1.5, 3), 'explanation');
  toMedium(capped(f.adviceCues, 1.5, 3), 'advice');
  toMedium(capped(f.creativeCues, 1, 3), 'creative');
  toMedium(f.lastUserWords >= 40 ? 2 : f.lastUserWords >= 15 ? 1 : 0, 'length');
  toMedium(f.turns > 2 ? 1 : 0, 'conversation');
  toMedium(f.media > 0 ? 1 : 0, 'media');
  const score = hard + medium;
  const tier: Tier = hard >= THRESHOLDS.hard ? 'hard' : score >= THRESHOLDS.medium ? 'medium' : 'simple';
  return { tier, score: hard, signals };
}

/** The signal that decides Hard without reading the text (tools, a schema, a long context), if any. */
function decidedWithoutText(request: CanonicalRequest): string | undefined {
  if (request.tools?.length) return 'tools';
  if (request.response_format?.type === 'json_schema') return 'json_schema';
  let chars = 0;
  for (const message of request.messages) {
    for (const part of message.content) {
      if (part.type === 'tool_call' || part.type === 'tool_result') return 'tool_activity';
      if (part.type === 'text' || part.type === 'thinking') chars += part.text.length;
    }
  }
  return chars >= LONG_CONTEXT_CHARS ? 'long_context' : undefined;
}

/** Classifies a canonical chat request (a long context is decided before any text is scanned). */
export function classifyRequest(request: CanonicalRequest): Classification {
  const decided = decidedWithoutText(request);
  if (decided) return { tier: 'hard', score: Infinity, signals: [decided] };
  return classifyFeatures(promptFeatures(request));
}
