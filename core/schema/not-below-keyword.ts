/**
 * `x-not-below`: an object keyword ordering numeric properties that JSON Schema alone cannot
 * compare. `{"x-not-below": {"simple": "medium"}}` means: when both are set, `simple` must be at
 * least `medium` (token_rate_limiter's `step_down` thresholds). The error names the lower
 * property by JSON pointer, as every other settings error does.
 */
import type { ErrorObject, FuncKeywordDefinition } from 'ajv';

/** Where the validated value sits (ajv passes it to function keywords). */
type DataContext = { instancePath: string };

type NotBelowValidator = ((schema: Record<string, string>, data: Record<string, unknown>, parent: unknown, cxt?: DataContext) => boolean) & {
  errors?: Partial<ErrorObject>[];
};

const notBelow: NotBelowValidator = (schema, data, _parent, cxt) => {
  const errors: Partial<ErrorObject>[] = [];
  for (const [upper, lower] of Object.entries(schema)) {
    const high = data[upper];
    const low = data[lower];
    if (typeof high === 'number' && typeof low === 'number' && high < low) {
      errors.push({ keyword: 'x-not-below', instancePath: `${cxt?.instancePath ?? ''}/${upper}`, params: { lower }, message: `must be at least ${lower} (${low})` });
    }
  }
  notBelow.errors = errors;
  return errors.length === 0;
};

/** The keyword's definition, added to the one ajv instance. */
export const NOT_BELOW_KEYWORD: FuncKeywordDefinition = {
  keyword: 'x-not-below',
  type: 'object',
  schemaType: 'object',
  errors: true,
  validate: notBelow as FuncKeywordDefinition['validate'],
};
