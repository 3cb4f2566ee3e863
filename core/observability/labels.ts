/**
 * Prometheus label values for proxied requests. Every label is bounded: values come from config
 * (gateway and consumer ids, or slugs when tenant labels are on: tenant-labels.ts; providers), from a fixed set (routes, statuses, outcomes) or are
 * capped per label (models a client may name freely). A trace id or credential is never a label.
 */

/** The value a capped label takes once it has seen its maximum of distinct values. */
export const OTHER_LABEL = 'other';

/** Longest label value kept; longer ones are cut (a model name has no business being longer). */
const MAX_VALUE_LENGTH = 128;

/**
 * The route as a template: the model in a Gemini path and the id in `/v1/models/{id}` are
 * replaced, so one route is one series whatever the client asks for.
 */
export function routeTemplate(route: string | undefined): string {
  if (!route) return '';
  const gemini = /^\/v1beta\/models\/.+:(generateContent|streamGenerateContent)$/.exec(route);
  if (gemini) return `/v1beta/models/{model}:${gemini[1]}`;
  if (/^\/v1\/models\/.+$/.test(route)) return '/v1/models/{id}';
  return route;
}

/**
 * Caps the distinct values of each label: past `max` new values a label reports `other`, so a
 * client spraying model names cannot grow the registry without bound.
 */
export class LabelBudget {
  private readonly seen = new Map<string, Set<string>>();

  constructor(private readonly max = 500) {}

  /** The label value to use for `value` of label `name`. */
  value(name: string, value: unknown): string {
    if (value === undefined || value === null || value === '') return '';
    const text = String(value).slice(0, MAX_VALUE_LENGTH);
    let values = this.seen.get(name);
    if (!values) {
      values = new Set();
      this.seen.set(name, values);
    }
    if (values.has(text)) return text;
    if (values.size >= this.max) return OTHER_LABEL;
    values.add(text);
    return text;
  }
}
