/* Generated from schemas/records/guardrail-collector-key.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Record id.
 */
export type RecordId = string;
/**
 * The collector the key identifies.
 */
export type RecordId1 = string;
/**
 * An instant as an RFC 3339 date-time string in UTC.
 */
export type Timestamp = string;
/**
 * An instant as an RFC 3339 date-time string in UTC.
 */
export type Timestamp1 = string;
/**
 * An instant as an RFC 3339 date-time string in UTC.
 */
export type Timestamp2 = string;

/**
 * A `tgk_` key of a collector: 256 random bits, shown once on create, stored as a SHA-256 hash, listed by prefix and last four characters. An inactive or expired key is refused with 403; a revoked (deleted) key is unknown (401).
 */
export interface GuardrailCollectorKey {
  id: RecordId;
  collector_id: RecordId1;
  /**
   * Display name (`prod`, `ci`).
   */
  name: string;
  /**
   * The `tgk_` key: present only in the create response, never again.
   */
  key?: string;
  /**
   * First characters of the key, to recognise it.
   */
  key_prefix: string;
  /**
   * Last four characters of the key.
   */
  key_last4: string;
  /**
   * An inactive key is refused with 403 until it is activated again.
   */
  active: boolean;
  /**
   * After this instant the key is refused with 403; null: never expires.
   */
  expires_at?: Timestamp | null;
  created_at: Timestamp1;
  updated_at: Timestamp2;
}
