/**
 * Masked tokens: each distinct value of a type gets `[<LABEL>_<n>]`, numbered per type in order
 * of first appearance, and the same value keeps its token across all segments of one request.
 */
import { tokenLabel, type EntityType } from './entity-types.js';

/** Assigns tokens for one inspection request. */
export class TokenBook {
  private readonly tokens = new Map<string, string>();
  private readonly counters = new Map<string, number>();

  /** The token of `value` of type `entity`, allocating the next number on first sight. */
  tokenFor(entity: EntityType, value: string): string {
    const label = tokenLabel(entity);
    const key = `${label}\u0000${normalize(entity, value)}`;
    let token = this.tokens.get(key);
    if (!token) {
      const n = (this.counters.get(label) ?? 0) + 1;
      this.counters.set(label, n);
      token = `[${label}_${n}]`;
      this.tokens.set(key, token);
    }
    return token;
  }
}

// The same value written differently (spacing, case) is still the same value.
function normalize(entity: EntityType, value: string): string {
  switch (entity) {
    case 'PHONE_NUMBER':
    case 'CREDIT_CARD':
    case 'US_SSN':
      return value.replace(/\D/g, '');
    case 'IBAN_CODE':
      return value.replace(/[\s-]/g, '').toUpperCase();
    case 'EMAIL_ADDRESS':
    case 'IP_ADDRESS':
    case 'PERSON':
    case 'LOCATION':
    case 'STREET_ADDRESS':
      return value.replace(/\s+/g, ' ').trim().toLowerCase();
    default:
      return value;
  }
}
