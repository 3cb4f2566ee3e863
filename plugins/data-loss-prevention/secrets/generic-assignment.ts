/**
 * GENERIC_SECRET and AWS_SECRET_KEY: a value assigned to a secret-named key (`password=`,
 * `secret:`, `"api_key": "..."`, `token =`) whose Shannon entropy says it is random.
 */
import type { Recognizer, Span } from '../span.js';
import { shannonEntropy } from '../entropy.js';
import { isPlaceholder } from './placeholder.js';
import { lexicon } from '../recognizers/lexicon.js';

const ASSIGNMENT =
  /(?<![A-Za-z0-9])([A-Za-z0-9_.-]{0,40}?(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|auth[_-]?key|credentials?|client[_-]?secret|signing[_-]?key|encryption[_-]?key|bearer))["']?\s*(?::=|=>|[:=])\s*(?:["'`]([^"'`\n]{6,200})["'`]|([^\s"'`,;)}\]]{6,200}))/gi;
// Every assignment has a key ending so, then `:` or `=`: without one, the pattern above cannot match.
const KEY_THEN_OPERATOR = /(?:wd|word|phrase|secret|token|key|credentials?|bearer)["']?\s*[:=]/i;
const BEARER = /\b(?:Authorization:\s*)?Bearer\s+([A-Za-z0-9._~+/-]{20,}=*)/g;
// HTTP Basic credentials: base64 of `user:password`.
const BASIC = /\bBasic\s+([A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])/g;
const AWS_SECRET_NAME = /aws_?secret|secret_?access_?key|aws.*secret/i;
const AWS_SECRET_VALUE = /^[A-Za-z0-9/+]{40}$/;

/** Settings of the assignment recognizer. */
export interface AssignmentOptions {
  /** Minimum Shannon entropy, bits per character, for a value to count as a secret. */
  entropyThreshold: number;
  /** Minimum value length. */
  minLength: number;
}

/** Finds high-entropy values assigned to secret-named keys, and bearer tokens. */
export function genericAssignmentRecognizer(options: AssignmentOptions): Recognizer {
  const words = lexicon().words;
  // `butter-marble-pencil`: dictionary words joined by separators read as a name, not a secret.
  const wordsOnly = (value: string) => !/\d/.test(value) && value.split(/[-_.]+/).every((w) => w.length < 3 || words.has(w.toLowerCase()));
  const accept = (value: string) =>
    value.length >= options.minLength &&
    !/\s/.test(value) &&
    !isPlaceholder(value) &&
    shannonEntropy(value) >= options.entropyThreshold &&
    // A value with no digit and no symbol is a word or phrase, not a generated secret.
    /[^A-Za-z]/.test(value) &&
    !wordsOnly(value);
  return {
    entities: ['GENERIC_SECRET', 'AWS_SECRET_KEY'],
    find(text: string, out: Span[]) {
      const re = ASSIGNMENT;
      re.lastIndex = 0;
      for (let m = KEY_THEN_OPERATOR.test(text) ? re.exec(text) : null; m; m = re.exec(text)) {
        const value = m[2] ?? m[3];
        if (!accept(value)) {
          // The rejected value may itself be a key (`credentials: client_secret = ...`): rescan after the key.
          re.lastIndex = m.index + m[1].length;
          continue;
        }
        const start = m.index + m[0].lastIndexOf(value);
        const aws = AWS_SECRET_NAME.test(m[1]) && AWS_SECRET_VALUE.test(value);
        out.push({ entity: aws ? 'AWS_SECRET_KEY' : 'GENERIC_SECRET', start, end: start + value.length, score: aws ? 0.95 : 0.85 });
      }
      if (text.includes('Basic')) {
        for (const m of text.matchAll(BASIC)) {
          const decoded = Buffer.from(m[1], 'base64').toString('utf8');
          const colon = decoded.indexOf(':');
          // A printable `user:password` with a password that is no placeholder.
          if (colon < 1 || colon === decoded.length - 1 || !/^[\x20-\x7e]+$/.test(decoded) || isPlaceholder(decoded.slice(colon + 1)) || /^(?:pass(?:word)?|pwd|secret|test|admin)$/i.test(decoded.slice(colon + 1))) continue;
          const start = m.index + m[0].lastIndexOf(m[1]);
          out.push({ entity: 'GENERIC_SECRET', start, end: start + m[1].length, score: 0.9 });
        }
      }
      if (!text.includes('earer')) return;
      for (const m of text.matchAll(BEARER)) {
        if (!accept(m[1])) continue;
        const start = m.index + m[0].lastIndexOf(m[1]);
        out.push({ entity: 'GENERIC_SECRET', start, end: start + m[1].length, score: 0.85 });
      }
    },
  };
}
