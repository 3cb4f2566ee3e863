/** Toxicity categories and severities. */

/** The categories the toxicity detector reports (hit type `toxicity.<category>`). */
export const CATEGORIES = ['harassment', 'hate', 'sexual', 'violence', 'self_harm', 'profanity'] as const;
/** One category. */
export type Category = (typeof CATEGORIES)[number];

/** Severity levels, mildest first. */
export const SEVERITIES = ['low', 'medium', 'high'] as const;
/** One severity. */
export type Severity = (typeof SEVERITIES)[number];

/** Numeric rank of a severity, for comparisons. */
export const severityRank = (s: Severity): number => SEVERITIES.indexOf(s);
