/**
 * The secret recognizers of data_loss_prevention, built once per settings snapshot:
 * provider formats kept as data (rules.json, run by one prefilter pass), private key blocks,
 * JWTs, credentialed URLs, secret-named assignments and passwords in config forms.
 * `findSecrets(text, options)` runs them alone, for tools and tests.
 */
import { resolveOverlaps } from '../overlap.js';
import type { Recognizer, Span } from '../span.js';
import { configPasswordRecognizer } from './config-passwords.js';
import { databaseUrlRecognizer } from './database-url.js';
import { genericAssignmentRecognizer } from './generic-assignment.js';
import { jwtRecognizer } from './jwt.js';
import { privateKeyRecognizer } from './private-key.js';
import { ruleRecognizer, type Gated } from './rule-recognizer.js';
import { shippedRules } from './rules.js';
import type { Sensitivity } from './sensitivity.js';

export type { Sensitivity } from './sensitivity.js';

/** How the secret recognizers are tuned. */
export interface SecretOptions {
  /**
   * `low`: provider formats, keys, tokens and credentialed URLs, and only long random values
   * under secret-named keys (fewest false positives); `balanced` (default): also typical
   * passwords under password-named keys and formats that need context (a Heroku key beside
   * "heroku"); `high`: also shorter values, and an Azure-shaped key with no context.
   */
  sensitivity?: Sensitivity;
  /** Minimum Shannon entropy (bits per character) of a value under a secret-named key; default 3.3. */
  entropyThreshold?: number;
  /** Minimum length of such a value; default 10. */
  minLength?: number;
}

/**
 * The secret recognizers at the given options, as one: the rules' prefilter pass also finds
 * the trigger strings of the others, which run only on texts that hold one.
 */
export function secretRecognizers(options: SecretOptions = {}): Recognizer[] {
  const sensitivity = options.sensitivity ?? 'balanced';
  const gated: Gated[] = [
    { recognizer: privateKeyRecognizer(), triggers: ['-----BEGIN'] },
    { recognizer: jwtRecognizer(), triggers: ['eyJ'] },
    { recognizer: databaseUrlRecognizer(), triggers: ['://'] },
    {
      recognizer: genericAssignmentRecognizer({ entropyThreshold: options.entropyThreshold ?? 3.3, minLength: options.minLength ?? 10, sensitivity }),
      // Every key its assignment pattern accepts ends in one of these, before `:` or `=`.
      keysBeforeOperator: ['wd', 'word', 'phrase', 'secret', 'token', 'key', 'credential', 'credentials', 'bearer'],
      triggers: ['Basic', 'Bearer'],
    },
    { recognizer: configPasswordRecognizer(), keysBeforeOperator: ['value'], keywords: ['mysql', 'mariadb'], triggers: [] },
  ];
  return [ruleRecognizer(shippedRules(), sensitivity, gated)];
}

const cache = new Map<string, Recognizer[]>();

/** The secret spans of `text`, overlaps resolved as the detector resolves them, sorted by start. */
export function findSecrets(text: string, options: SecretOptions = {}): Span[] {
  const key = `${options.sensitivity ?? 'balanced'}|${options.entropyThreshold ?? ''}|${options.minLength ?? ''}`;
  let recognizers = cache.get(key);
  if (!recognizers) cache.set(key, (recognizers = secretRecognizers(options)));
  const out: Span[] = [];
  for (const r of recognizers) r.find(text, out);
  return resolveOverlaps(out);
}
