/**
 * Named stage numbers for ordering taps within a hook (lower runs first), spaced so plugins can
 * slot between them. Within one stage, a policy's `priority` orders taps (higher first).
 */
export const STAGE = Object.freeze({
  FIRST: -1000,
  AUTH: 0,
  SIZE: 100,
  RATE: 200,
  BUDGET: 300,
  TOOLS: 400,
  GUARDRAIL: 500,
  DEFAULT: 600,
  LAST: 1000,
});
