/** Settings of data_loss_prevention, as validated by schemas/plugins/data_loss_prevention.schema.json. */
import type { EntityType } from './entity-types.js';
import type { Sensitivity } from './sensitivity.js';

/** Validated settings, defaults applied. */
export interface DataLossPreventionSettings {
  /** Operating point: `low` fewest false positives, `high` most recall; see sensitivity.ts. */
  sensitivity: Sensitivity;
  /** Entity types to detect; others are ignored. */
  entities: EntityType[];
  /** Values never masked, compared case-insensitively after trimming. */
  allow_list: string[];
  /** Regular expressions; a value matching one in full is never masked. */
  allow_patterns: string[];
  /** Minimum Shannon entropy (bits per character) of a value assigned to a secret-named key. */
  entropy_threshold: number;
  /** Minimum length of such a value. */
  min_secret_length: number;
  /** ISO 3166 regions a phone number without country code is validated against. */
  phone_regions: string[];
}

/** The JSON Schema `$id` of the settings. */
export const SCHEMA_ID = 'https://portcullis.dev/schemas/plugins/data_loss_prevention.schema.json';
