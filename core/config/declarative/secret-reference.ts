/**
 * Secrets in a declarative configuration file are references, never values: `{env: NAME}` reads
 * an environment variable, `{file: PATH}` a file (its content without the trailing newline), as
 * container secrets are mounted. A reference is resolved only when apply must send the value
 * (the record is created, or its secret-bearing field changes), so an exported file applies
 * without its secrets being set.
 */
import { readFileSync } from 'node:fs';
import { CliUsageError } from '../../cli/commands.js';

export type SecretReference = { env: string } | { file: string };

/** Whether a file value has the form of a secret reference. */
export function isSecretReference(value: unknown): value is SecretReference {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  if (keys.length !== 1) return false;
  const only = (value as Record<string, unknown>)[keys[0]!];
  return (keys[0] === 'env' || keys[0] === 'file') && typeof only === 'string' && only.length > 0;
}

/** Refuses a value that is not a reference (a secret written inline into the file). */
export function expectSecretReference(value: unknown, path: string): SecretReference {
  if (isSecretReference(value)) return value;
  throw new CliUsageError(`${path} must be a secret reference ({env: NAME} or {file: PATH}), never the secret itself`);
}

/** Reads the secret a reference names; a missing variable or file is an operator mistake. */
export function resolveSecret(ref: SecretReference, path: string, env: NodeJS.ProcessEnv): string {
  if ('env' in ref) {
    const value = env[ref.env];
    if (!value) throw new CliUsageError(`${path}: environment variable ${ref.env} is not set`);
    return value;
  }
  let text: string;
  try {
    text = readFileSync(ref.file, 'utf8');
  } catch (err) {
    throw new CliUsageError(`${path}: cannot read secret file ${ref.file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const value = text.replace(/\r?\n$/, '');
  if (!value) throw new CliUsageError(`${path}: secret file ${ref.file} is empty`);
  return value;
}

/**
 * The reference export writes for a stored secret it cannot read: an environment variable named
 * after the record (`ACME_OPENAI_MAIN_API_KEY`), for the operator to set before applying the file
 * to another gateway.
 */
export function placeholderReference(...parts: string[]): SecretReference {
  return { env: parts.join('_').toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '') };
}
