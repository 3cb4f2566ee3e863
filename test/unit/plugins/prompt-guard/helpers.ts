/** Shared helpers for the prompt_guard tests. */
import { readFileSync } from 'node:fs';
import { PROJECT_ROOT } from '../../../../core/paths/project-root.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import detector from '../../../../plugins/prompt-guard/index.js';
import type { PromptGuardSettings } from '../../../../plugins/prompt-guard/settings.js';
import type { DetectorHit, InspectSegment } from '../../../../core/guardrail/detector.js';

/** An instance with schema defaults plus `overrides`. */
export function guard(overrides: Partial<PromptGuardSettings> = {}) {
  const settings = structuredClone(overrides) as Record<string, unknown>;
  if (!validatorFor(detector.schemaId)(settings)) throw new Error('invalid test settings');
  return detector.create(settings as unknown as PromptGuardSettings);
}

/** Hits for one user prompt (or the given segments). */
export function inspect(instance: ReturnType<typeof guard>, text: string | InspectSegment[]): DetectorHit[] {
  const segments = typeof text === 'string' ? [{ id: 0, text, source: 'prompt' as const, role: 'user' as const }] : text;
  return instance.inspect({ direction: 'input', segments, attachments: [], attributes: {} }) as DetectorHit[];
}

/** The score a rule would compare with its threshold (0 when nothing is reported). */
export function scoreOf(instance: ReturnType<typeof guard>, text: string): number {
  return inspect(instance, text)[0]?.confidence ?? 0;
}

/** Unicode tag characters spelling `text` (invisible in most renderers). */
export const tagged = (text: string) => [...text].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');

/** The committed tuning prompts with their labels (generated attacks and hard negatives, hand-written cue hard negatives). */
export function tuningPrompts(): Array<{ text: string; label: number }> {
  return ['generated.jsonl', 'cue-hard-negatives.jsonl'].flatMap((file) =>
    readFileSync(`${PROJECT_ROOT}/test/eval/tuning/prompt_guard/${file}`, 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as { text: string; label: number }),
  );
}
