/**
 * GENERIC_SECRET and AWS_SECRET_KEY: a value assigned to a secret-named key (`password=`,
 * `secret:`, `"api_key": "..."`, `token =`) whose Shannon entropy says it is random; a value
 * under a password-named key needs less randomness (people choose passwords). Values that only
 * name a secret's source, digests, publishable keys and ids under "token" keys are left alone
 * (not-a-value.ts). The sensitivity moves the length and randomness floors.
 */
import type { Recognizer, Span } from '../span.js';
import { shannonEntropy } from '../entropy.js';
import { isPlaceholder } from './placeholder.js';
import { lexicon } from '../recognizers/lexicon.js';
import { isNotAValue } from './not-a-value.js';
import type { Sensitivity } from './sensitivity.js';

const ASSIGNMENT =
  /(?<![A-Za-z0-9])([A-Za-z0-9_.-]{0,40}?(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|auth[_-]?key|credentials?|client[_-]?secret|signing[_-]?key|encryption[_-]?key|bearer))["']?\s*(?::=|=>|[:=])\s*(?:["'`]([^"'`\n]{6,200})["'`]|([^\s"'`,;)}\]]{6,200}))/gi;
// Every assignment has a key ending so, then `:` or `=`: without one, the pattern above cannot match.
const KEY_THEN_OPERATOR = /(?:wd|word|phrase|secret|token|key|credentials?|bearer)["']?\s*[:=]/i;
const BEARER = /\b(?:Authorization:\s*)?Bearer\s+([A-Za-z0-9._~+/-]{20,}=*)/g;
// HTTP Basic credentials: base64 of `user:password`.
const BASIC = /\bBasic\s+([A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])/g;
const AWS_SECRET_NAME = /aws_?secret|secret_?access_?key|aws.*secret/i;
const AWS_SECRET_VALUE = /^[A-Za-z0-9/+]{40}$/;
const PASSWORD_KEY = /(?:pass(?:word|wd|phrase)?|pwd)["']?$/i;

/** Settings of the assignment recognizer. */
export interface AssignmentOptions {
  /** Minimum Shannon entropy, bits per character, for a value to count as a secret. */
  entropyThreshold: number;
  /** Minimum value length. */
  minLength: number;
  /**
   * `balanced`: a value under a password-named key needs 8 characters and `entropyThreshold - 0.8`;
   * `low` raises the floors (length 16, threshold + 0.5) and drops that password allowance;
   * `high` lowers them (length 8, threshold - 0.3; passwords 6 and threshold - 1.3).
   */
  sensitivity: Sensitivity;
}

/** Length and entropy floors at one sensitivity, for random values and for passwords. */
interface Floors {
  minLength: number;
  entropy: number;
  /** Passwords: undefined when a password must pass the random-value floors. */
  password?: { minLength: number; entropy: number };
}

function floorsAt(options: AssignmentOptions): Floors {
  const { minLength, entropyThreshold: entropy } = options;
  if (options.sensitivity === 'low') return { minLength: Math.max(minLength, 16), entropy: entropy + 0.5 };
  // A password floor follows the operator's threshold: raising it raises both.
  if (options.sensitivity === 'high') return { minLength: Math.min(minLength, 8), entropy: entropy - 0.3, password: { minLength: 6, entropy: entropy - 1.3 } };
  return { minLength, entropy, password: { minLength: 8, entropy: entropy - 0.8 } };
}

/** Finds high-entropy values assigned to secret-named keys, and bearer tokens. */
export function genericAssignmentRecognizer(options: AssignmentOptions): Recognizer {
  const words = lexicon().words;
  // `butter-marble-pencil`: dictionary words joined by separators read as a name, not a secret.
  const wordsOnly = (value: string) => !/\d/.test(value) && value.split(/[-_.]+/).every((w) => w.length < 3 || words.has(w.toLowerCase()));
  const floors = floorsAt(options);
  const random = (value: string, minLength: number, entropy: number) =>
    value.length >= minLength &&
    !/\s/.test(value) &&
    !isPlaceholder(value) &&
    shannonEntropy(value) >= entropy &&
    // A value with no digit and no symbol is a word or phrase, not a generated secret.
    /[^A-Za-z]/.test(value) &&
    !wordsOnly(value);
  const accept = (value: string) => random(value, floors.minLength, floors.entropy);
  /** A value assigned to `key`: its own checks for passwords, the context checks for all. */
  const acceptAssigned = (key: string, value: string, quoted: boolean) => {
    if (isNotAValue(key, value, quoted)) return false;
    if (accept(value)) return true;
    const p = floors.password;
    return !!p && PASSWORD_KEY.test(key) && /[A-Za-z]/.test(value) && random(value, p.minLength, p.entropy);
  };
  return {
    entities: ['GENERIC_SECRET', 'AWS_SECRET_KEY'],
    find(text: string, out: Span[]) {
      const re = ASSIGNMENT;
      re.lastIndex = 0;
      for (let m = KEY_THEN_OPERATOR.test(text) ? re.exec(text) : null; m; m = re.exec(text)) {
        const value = m[2] ?? m[3];
        if (!acceptAssigned(m[1], value, m[2] !== undefined)) {
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
