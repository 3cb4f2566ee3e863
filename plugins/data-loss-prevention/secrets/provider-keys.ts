/**
 * API keys and tokens whose provider publishes a recognisable format: a fixed prefix and a
 * body of known alphabet and length. A match is masked unless it is a placeholder.
 */
import type { SecretEntity } from '../entity-types.js';
import type { Recognizer, Span } from '../span.js';
import { shannonEntropy } from '../entropy.js';
import { isPlaceholder } from './placeholder.js';

interface KeyFormat {
  entity: SecretEntity;
  pattern: RegExp;
  /** Minimum Shannon entropy (bits per character) of the random part. */
  minEntropy: number;
}

// `(?<![\w-])` and `(?![\w-])` keep a key from matching inside a longer token.
const FORMATS: KeyFormat[] = [
  // AWS access key ids: 4-letter type prefix, 16 upper-case base32 characters.
  { entity: 'AWS_ACCESS_KEY', pattern: /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z2-7]{16}(?![A-Za-z0-9])/g, minEntropy: 2.5 },
  // GitHub: ghp_/gho_/ghu_/ghs_/ghr_ + 36 base62; fine-grained github_pat_ + 22 + '_' + 59.
  { entity: 'GITHUB_TOKEN', pattern: /(?<![\w-])(?:gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59})(?![\w-])/g, minEntropy: 3.5 },
  // GitLab personal, project, group and deploy tokens.
  { entity: 'GITLAB_TOKEN', pattern: /(?<![\w-])(?:glpat|gldt|glptt|glrt|gloas|glsoat|glcbt|glimt|glagent)-[A-Za-z0-9_-]{20,}(?![\w-])/g, minEntropy: 3.2 },
  // Slack bot, user, app, config and refresh tokens.
  { entity: 'SLACK_TOKEN', pattern: /(?<![\w-])xox[baprseo]-(?:\d+-)?[A-Za-z0-9-]{10,}(?![\w-])/g, minEntropy: 3.0 },
  { entity: 'SLACK_WEBHOOK', pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/T[A-Z0-9]{6,}\/[A-Z0-9]{6,}\/[A-Za-z0-9]{16,}/g, minEntropy: 3.0 },
  // Stripe secret and restricted keys, live and test.
  { entity: 'STRIPE_KEY', pattern: /(?<![\w-])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}(?![\w-])/g, minEntropy: 3.3 },
  // Google API keys: 'AIza' + 35 characters.
  { entity: 'GOOGLE_API_KEY', pattern: /(?<![\w-])AIza[0-9A-Za-z_-]{35}(?![\w-])/g, minEntropy: 3.5 },
  // Anthropic before OpenAI: both start with 'sk-'.
  { entity: 'ANTHROPIC_API_KEY', pattern: /(?<![\w-])sk-ant-(?:api|admin|oat|sid)\d{2}-[A-Za-z0-9_-]{60,}(?![\w-])/g, minEntropy: 3.8 },
  // Other well-known formats, reported as generic secrets: npm, Hugging Face, SendGrid, PyPI,
  // Shopify, DigitalOcean.
  { entity: 'GENERIC_SECRET', pattern: /(?<![\w-])(?:npm_[A-Za-z0-9]{36}|hf_[A-Za-z0-9]{34}|SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}|pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}|shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}|dop_v1_[a-f0-9]{64})(?![\w-])/g, minEntropy: 3.3 },
  // OpenAI project, service-account, admin and legacy user keys.
  { entity: 'OPENAI_API_KEY', pattern: /(?<![\w-])sk-(?:(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{40,}|[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}|[A-Za-z0-9]{48})(?![\w-])/g, minEntropy: 3.8 },
];

// A 40-character AWS secret access key standing near an access key id (credentials files, CSV).
const AWS_SECRET_NEAR_ID = /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;

function awsSecretAfter(text: string, from: number, out: Span[]): void {
  const window = text.slice(from, from + 120);
  for (const m of window.matchAll(AWS_SECRET_NEAR_ID)) {
    // Mixed case and digits, random: not a hex digest or a word run.
    const v = m[0];
    if (!/[a-z]/.test(v) || !/[A-Z]/.test(v) || !/\d/.test(v) || isPlaceholder(v) || shannonEntropy(v) < 4.2) continue;
    out.push({ entity: 'AWS_SECRET_KEY', start: from + m.index, end: from + m.index + v.length, score: 0.9 });
  }
}

/** Finds provider-format keys: the entity type comes from the prefix. */
export function providerKeyRecognizer(): Recognizer {
  return {
    entities: [...FORMATS.map((f) => f.entity), 'AWS_SECRET_KEY'],
    find(text: string, out: Span[]) {
      for (const format of FORMATS) {
        // exec on the shared global pattern: matchAll would copy the pattern on every call.
        const re = format.pattern;
        re.lastIndex = 0;
        for (let m = re.exec(text); m; m = re.exec(text)) {
          const value = m[0];
          if (isPlaceholder(value) || shannonEntropy(value) < format.minEntropy) continue;
          out.push({ entity: format.entity, start: m.index, end: m.index + value.length, score: 0.97 });
          if (format.entity === 'AWS_ACCESS_KEY') awsSecretAfter(text, m.index + value.length, out);
        }
      }
    },
  };
}
