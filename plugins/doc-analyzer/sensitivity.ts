/**
 * doc_analyzer's operating points: which invisible-Unicode findings reach the default threshold
 * (0.5). The other findings (hidden text, hidden and metadata instructions, size and readability)
 * keep their confidence at every sensitivity.
 * - `low` reports only smuggling (tag characters spelling hidden ASCII, 0.9; a payload in
 *   variation selectors, 0.85): runs of zero-width, filler or bidi characters, which copied web
 *   text and right-to-left documents also hold, fall under the threshold (x 0.75).
 * - `high` also reports what balanced scores 0.4: three to nine zero-width characters, or one or
 *   two bidi controls (0.55).
 * The points measured with them are in docs/detectors/doc-analyzer.md.
 */
import type { DocAnalyzerSettings } from './settings.js';

/** The invisible-Unicode confidence at a sensitivity, from the balanced one. */
export type InvisibleConfidence = (balanced: number) => number;

/** How each sensitivity moves the invisible-Unicode confidence. */
export const INVISIBLE_CONFIDENCE: Readonly<Record<DocAnalyzerSettings['sensitivity'], InvisibleConfidence>> = {
  low: (c) => (c >= 0.85 ? c : Math.round(c * 0.75 * 100) / 100),
  balanced: (c) => c,
  high: (c) => (c >= 0.4 && c < 0.5 ? 0.55 : c),
};
