/* Generated from schemas/records/guardrail-activity.schema.json by `npm run gen:types`. Do not edit. */

/**
 * When the evaluation happened.
 */
export type Timestamp = string;

/**
 * One evaluation as recorded in Activity: who sent it, what was decided and why. It carries findings only, never payload text or attribute values that could hold sensitive data.
 */
export interface GuardrailActivity {
  /**
   * Record id.
   */
  id: string;
  at: Timestamp;
  /**
   * The `trace_id` of the evaluate response: joins the response to this record.
   */
  trace_id: string;
  /**
   * The `request_id` of the evaluate response.
   */
  request_id: string;
  /**
   * Conversation id sent by the collector; groups evaluations.
   */
  session_id?: string | null;
  /**
   * Caller identity sent by the collector.
   */
  consumer_id?: string | null;
  /**
   * The collector the key identified.
   */
  collector_id: string;
  /**
   * Its catalog type.
   */
  collector_type?: string;
  /**
   * The collector key that authenticated the evaluation.
   */
  key_id?: string;
  /**
   * The policy that applied; null when the collector was unguarded.
   */
  policy_id?: string | null;
  /**
   * The effective mode (after a consumer override); null when unguarded.
   */
  mode?: ('observe' | 'enforce') | null;
  /**
   * `input` or `output`.
   */
  direction: 'input' | 'output';
  /**
   * The evaluate body's protocol.
   */
  protocol?: string;
  /**
   * `evaluate` or `evaluate/claude`.
   */
  endpoint?: string;
  /**
   * The verdict, or `error` when a detector failed closed.
   */
  status: 'allow' | 'report' | 'transform' | 'ask' | 'block' | 'error';
  /**
   * Findings as the response gave them.
   */
  findings: GuardrailFinding[];
  /**
   * The non-sensitive gate dimensions of the request (model, provider, application, tool name).
   */
  attributes?: {
    [k: string]: string;
  };
  /**
   * Time spent evaluating.
   */
  duration_ms?: number;
  /**
   * The owning tenant.
   */
  tenant_id?: string;
  /**
   * The data plane that evaluated it.
   */
  node_id?: string | null;
}
/**
 * One thing a gate or a detector rule found (spec 2.7). Never carries the sensitive value itself: entity and category names only.
 */
export interface GuardrailFinding {
  /**
   * What produced the finding.
   */
  source: {
    /**
     * `detector` (a detector rule) or `gate`.
     */
    kind: 'detector' | 'gate';
    /**
     * The detector id (`data_loss_prevention`, ...), or `gate`.
     */
    plugin: string;
    /**
     * The rule's name (the detector id when unnamed), or the gate's name.
     */
    detector_name: string;
  };
  /**
   * What was seen and how sure the detector is.
   */
  signal: {
    /**
     * `pii`, `secret`, `jailbreak`, `keyword`, `topic.denied`, `toxicity.hate`, `gate`, `detector_error`, ...
     */
    type: string;
    /**
     * 0..1; gates are 1.
     */
    confidence: number;
  };
  /**
   * The configured action (kept as configured in observe mode, where only the status is capped).
   */
  outcome: {
    /**
     * block, ask, transform or report (a monitor rule reports).
     */
    action: 'block' | 'ask' | 'transform' | 'report';
  };
  /**
   * How much was found, without the values.
   */
  evidence: {
    /**
     * How many values the hit masks (0 unless the detector masks).
     */
    masked: number;
    /**
     * Entity or category types (`EMAIL_ADDRESS`, `harassment`, the configured keyword); at most 32, each at most 200 characters.
     */
    entities: string[];
    /**
     * Present when the finding's report was cut to its limits: how many entity names, and on a rule's 32nd finding how many further hits of the rule, were left out. Masking is never cut: `masked` counts every masked value.
     */
    truncated?: number;
  };
}
