/**
 * url_analyzer's operating points: which heuristics reach the default threshold (0.5). Every
 * other reason keeps its confidence at every sensitivity.
 * - `low` leaves out a brand's name joined to another word (`paypal-billing.com`): the one
 *   heuristic the generated cases show misfiring (brands' own hyphenated sites,
 *   `google-analytics.com`), reported under the threshold instead.
 * - `high` reports what balanced leaves under it: IP literals of internal networks (a prompt
 *   steering a tool at 10.0.0.12/admin) and plain images inlined as `data:` URLs.
 * The points measured with them are in docs/detectors/url-analyzer.md.
 */
import type { UrlAnalyzerSettings } from './settings.js';

/** The confidences that depend on the sensitivity. */
export interface SensitivityConfidences {
  /** A look-alike made of the brand's name and another word. */
  comboLookalike: number;
  /** An IP literal of a private, loopback or link-local network. */
  internalIp: number;
  /** A `data:` URL holding a plain image. */
  inertImageData: number;
}

const BALANCED: SensitivityConfidences = { comboLookalike: 0.6, internalIp: 0.3, inertImageData: 0.4 };

/** The confidences of each sensitivity. */
export const SENSITIVITY_CONFIDENCES: Readonly<Record<UrlAnalyzerSettings['sensitivity'], SensitivityConfidences>> = {
  low: { ...BALANCED, comboLookalike: 0.45 },
  balanced: BALANCED,
  high: { ...BALANCED, internalIp: 0.55, inertImageData: 0.55 },
};
