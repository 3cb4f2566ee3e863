/** Settings of the toxicity detector, as validated by schemas/plugins/toxicity.schema.json. */
import type { Category, Severity } from './categories.js';

/** Operating point on the detector's measured precision/recall curve (see sensitivity.ts). */
export type Sensitivity = 'low' | 'balanced' | 'high';

/** Validated settings, defaults applied. */
export interface ToxicitySettings {
  /** `low`: fewest false positives; `high`: most recall; `balanced` (default): between. */
  sensitivity?: Sensitivity;
  /** Categories reported; others are ignored. */
  categories: Category[];
  /** Per category, the mildest severity that is reported. */
  min_severity: Record<Category, Severity>;
  /** Words never counted as toxic (compared after normalization, case-insensitive). */
  allow_words: string[];
}

/** The JSON Schema `$id` of the settings. */
export const SCHEMA_ID = 'https://portcullis.dev/schemas/plugins/toxicity.schema.json';
