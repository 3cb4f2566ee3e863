/**
 * `settingsValidator`: the validator the gateway checks a plugin's settings with, for a
 * plugin's schema tests. It is the gateway's own ajv instance (strict, all errors, defaults
 * applied, no coercion), so a test sees exactly what a policy write would.
 */
import { registerSchema, validatorFor, type ValidateFunction } from '../schema/ajv.js';

/** Registers `schema` (once, by its `$id`) and returns its compiled validator. */
export function settingsValidator<T = unknown>(schema: { $id?: string }): ValidateFunction<T> {
  registerSchema(schema);
  return validatorFor<T>(schema.$id!);
}
