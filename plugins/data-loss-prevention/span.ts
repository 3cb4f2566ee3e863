/** A value a recognizer found in one segment's text. */
import type { EntityType } from './entity-types.js';

/** One found value: `text.slice(start, end)` is the sensitive part that gets masked. */
export interface Span {
  entity: EntityType;
  start: number;
  end: number;
  /** 0..1: how sure the recognizer is. */
  score: number;
}

/** A recognizer finds spans of one or a few entity types in a text. Built once per snapshot. */
export interface Recognizer {
  /** The entity types it can report; it is skipped when none of them is enabled. */
  readonly entities: readonly EntityType[];
  /** Pushes every span it finds in `text` onto `out`. */
  find(text: string, out: Span[]): void;
}
