/**
 * Word lists for the name and place recognizers (built by lists/build-lists.ts, see
 * lists/README.md), loaded once per process on first use.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../core/paths/project-root.js';

/** Folded (lower-case, accent-free) entries of each list. */
export interface Lexicon {
  /** Given names (US Social Security Administration counts). */
  first: ReadonlySet<string>;
  /** Surnames (US Census 1990). */
  last: ReadonlySet<string>;
  /** Lower-case English dictionary words (SCOWL). */
  words: ReadonlySet<string>;
  /** Countries in sixteen languages, time-zone cities, US states. */
  places: ReadonlySet<string>;
}

let cached: Lexicon | undefined;

function load(name: string): Set<string> {
  const text = readFileSync(join(PROJECT_ROOT, 'plugins/data-loss-prevention/lists', name), 'utf8');
  return new Set(text.split('\n').filter(Boolean));
}

/** The shared lexicon. */
export function lexicon(): Lexicon {
  cached ??= { first: load('first-names.txt'), last: load('surnames.txt'), words: load('english-words.txt'), places: load('places.txt') };
  return cached;
}
