/* Generated from schemas/records/guardrail-policy.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Record id.
 */
export type RecordId = string;
/**
 * The id of a stored record: a UUID string assigned by the gateway.
 */
export type RecordId1 = string;
/**
 * When the record was created.
 */
export type Timestamp = string;
/**
 * When the record last changed.
 */
export type Timestamp1 = string;

/**
 * A guardrail policy: which collectors it guards, its mode, gates on request metadata, detector rules on the payload, and per-consumer overrides. For a collector, the enabled policy of highest priority that lists it applies; a collector no policy lists is unguarded (every evaluation answers allow).
 */
export interface GuardrailPolicy {
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
   * Free text for operators.
   */
  description?: string;
  /**
   * `enforce`: statuses as configured. `observe`: the status is capped at `report` while findings keep their configured action.
   */
  mode: 'observe' | 'enforce';
  /**
   * A disabled policy is kept but never selected.
   */
  enabled: boolean;
  /**
   * Ids of the collectors this policy guards.
   *
   * @maxItems 1000
   */
  collectors: RecordId1[];
  /**
   * When several enabled policies guard a collector, the highest priority applies (ties: the oldest).
   */
  priority: number;
  /**
   * What a detector that throws does: `closed` answers 503 `detector_failed`; `open` skips the rule and records a `detector_error` finding (report).
   */
  fail_mode: 'closed' | 'open';
  /**
   * Rules on request metadata, evaluated before the detectors.
   *
   * @maxItems 200
   */
  gates: Gate[];
  /**
   * Detector rules, run on the payload when their direction matches the evaluation's.
   *
   * @maxItems 100
   */
  rules: Rule[];
  /**
   * Per-consumer changes, keyed on the evaluate body's `consumer_id` (at most one per consumer).
   *
   * @maxItems 10000
   */
  overrides: Override[];
  created_at: Timestamp;
  updated_at: Timestamp1;
}
/**
 * A gate fires when every condition of `when` holds. An `ask` gate never fires on the output direction.
 */
export interface Gate {
  /**
   * Reported as the finding's `source.detector_name`.
   */
  name: string;
  /**
   * Conditions, all of which must hold.
   *
   * @minItems 1
   * @maxItems 50
   */
  when: Condition[];
  /**
   * `block`, `ask` (input only: a person confirms) or `report` (labelled Report on a gate).
   */
  action: 'block' | 'ask' | 'report';
}
/**
 * `field op value`. Fields: protocol, direction, consumer.id, consumer.tag, model.name, model.provider, tool.name, tool.command, source.application, collector.type, and any key under `attributes` (`attributes.team` or just `team`). A field with several values (consumer tags) holds for eq, in and matches when any value does, and for neq and not_in when none does.
 */
export interface Condition {
  /**
   * The dimension compared.
   */
  field: string;
  /**
   * eq, neq, in, not_in, matches (JavaScript regular expression), exists.
   */
  op: 'eq' | 'neq' | 'in' | 'not_in' | 'matches' | 'exists';
  /**
   * A string, number or boolean for eq and neq; a non-empty list for in and not_in; a regular expression for matches; a boolean for exists (default true: the field is present).
   */
  value?: string | number | boolean | (string | number | boolean)[];
}
/**
 * A detector rule. Actions: `monitor` (reported as `report`), `block`, or `transform` (data_loss_prevention only: the masked payload is returned). There is no `ask` rule.
 */
export interface Rule {
  /**
   * Reported as the finding's `source.detector_name`; the detector id when absent.
   */
  name?: string;
  /**
   * Detector id from `GET /v1/catalog/detectors`.
   */
  detector: string;
  /**
   * Which evaluations run it: `input`, `output` or `both`.
   */
  direction: 'input' | 'output' | 'both';
  /**
   * `monitor`, `block` or `transform`.
   */
  action: 'monitor' | 'block' | 'transform';
  /**
   * A hit fires from this confidence on; the detector's default when absent.
   */
  threshold?: number;
  /**
   * Detector settings, validated by the detector's settings schema.
   */
  settings?: {};
}
/**
 * Changes for one consumer.
 */
export interface Override {
  /**
   * Matched against the evaluate body's `consumer_id`.
   */
  consumer_id: string;
  /**
   * The mode for this consumer.
   */
  mode?: 'observe' | 'enforce';
  /**
   * Detector ids whose rules do not run for this consumer.
   *
   * @maxItems 50
   */
  disabled_detectors?: string[];
}
