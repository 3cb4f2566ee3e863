/** presidio-research synthetic PII (shared/datasets/presidio-synth), split by a hash of the text. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GoldSpan } from './span-scoring.js';
import { isHeldOut } from './split.js';

/** One labelled text. */
export interface LabelledText {
  id: string;
  text: string;
  spans: GoldSpan[];
}

interface PresidioSample {
  full_text: string;
  spans: Array<{ entity_type: string; entity_value: string; start_position: number; end_position: number }>;
}

/** The samples of one part: `held-out` (odd FNV-1a hash of the text) or `tuning`. */
export function presidioSamples(datasets: string, part: 'held-out' | 'tuning' | 'all'): LabelledText[] {
  const raw = JSON.parse(readFileSync(join(datasets, 'presidio-synth/synth_dataset_v2.dev.json'), 'utf8')) as PresidioSample[];
  return raw
    .map((s) => ({
      id: s.full_text,
      text: s.full_text,
      spans: s.spans.map((p) => ({ type: p.entity_type, start: p.start_position, end: p.end_position, value: p.entity_value })),
    }))
    .filter((s) => part === 'all' || isHeldOut(s.id) === (part === 'held-out'));
}
