/* Generated from schemas/records/guardrail-collector.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Record id.
 */
export type RecordId = string;
/**
 * When the record was created.
 */
export type Timestamp = string;
/**
 * When the record last changed.
 */
export type Timestamp1 = string;

/**
 * An integration point that sends evaluations to the guardrail service (a gateway, a coding agent, an SDK, an agent framework or platform). Its `tgk_` keys identify it on `/v1/evaluate`.
 */
export interface GuardrailCollector {
  id: RecordId;
  /**
   * The owning tenant (from the admin token).
   */
  tenant_id: string;
  /**
   * Display name.
   */
  name: string;
  /**
   * Collector type id from `GET /v1/catalog/collectors` (`claude_code`, `langchain`, `rest_api`, ...).
   */
  type: string;
  /**
   * Free text for operators.
   */
  description?: string;
  created_at: Timestamp;
  updated_at: Timestamp1;
}
