/**
 * Gate conditions: `field op value` over the request's metadata. Compiled once per snapshot
 * (regular expressions included); the same compiler checks conditions when a policy is written.
 */
import { compileLinearRegex, type LinearRegex } from '../../security/linear-regex.js';
import type { GateCondition } from '../config/records.js';

/** The values a field has in one request: none (absent), one, or several (consumer tags). */
export type FieldValues = readonly string[];

/** A condition ready to test a field's values. */
export interface CompiledCondition {
  field: string;
  test(values: FieldValues | undefined): boolean;
}

/** A condition that cannot be compiled; `pointer` names the faulty part relative to the condition. */
export class ConditionError extends Error {
  constructor(
    readonly pointer: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConditionError';
  }
}

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** Compiles one condition; throws ConditionError when its value does not suit its op. */
export function compileCondition(condition: GateCondition): CompiledCondition {
  const { field, op, value } = condition;
  const has = (values: FieldValues | undefined): values is FieldValues => !!values && values.length > 0;
  switch (op) {
    case 'eq':
    case 'neq': {
      if (!isScalar(value)) throw new ConditionError('/value', `${op} needs a string, number or boolean value`);
      const wanted = String(value);
      const any = (values: FieldValues | undefined) => has(values) && values.includes(wanted);
      return { field, test: op === 'eq' ? any : (values) => !any(values) };
    }
    case 'in':
    case 'not_in': {
      if (!Array.isArray(value) || value.length === 0 || !value.every(isScalar)) throw new ConditionError('/value', `${op} needs a non-empty list of values`);
      const wanted = new Set(value.map(String));
      const any = (values: FieldValues | undefined) => has(values) && values.some((v) => wanted.has(v));
      return { field, test: op === 'in' ? any : (values) => !any(values) };
    }
    case 'matches': {
      if (typeof value !== 'string' || value === '') throw new ConditionError('/value', 'matches needs a regular expression');
      // Run on the linear-time engine: the values come from callers, the pattern from a tenant.
      let pattern: LinearRegex;
      try {
        pattern = compileLinearRegex(value);
      } catch (err) {
        throw new ConditionError('/value', `is not a regular expression that runs in linear time (RE2 syntax: no look-around or back-references): ${(err as Error).message}`);
      }
      return { field, test: (values) => has(values) && values.some((v) => pattern.test(v)) };
    }
    case 'exists': {
      if (value !== undefined && typeof value !== 'boolean') throw new ConditionError('/value', 'exists takes true or false');
      const wanted = value ?? true;
      return { field, test: (values) => has(values) === wanted };
    }
    default:
      throw new ConditionError('/op', `unknown op ${String(op)}`);
  }
}
