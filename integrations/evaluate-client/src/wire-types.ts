/**
 * The bodies of `POST /v1/evaluate` (spec 2.6 and 2.7), as the guardrail service reads and
 * answers them.
 */

/** The verdicts, most restrictive first (spec 3.1). */
export const VERDICTS = ['block', 'ask', 'transform', 'report', 'allow'] as const;

/** One verdict: `status` of an evaluate answer. */
export type Verdict = (typeof VERDICTS)[number];

/** An evaluate request body (spec 2.6). Top-level fields outside these are refused with 400. */
export interface EvaluateRequest {
  /** `llm` for model traffic, `mcp` for tool traffic; the service's default is `all`. */
  protocol?: string;
  /** `input` on the request path, `output` on the response path. */
  direction: 'input' | 'output';
  /** `{input: string}`, or a complete provider-format body as it stands. */
  payload: Record<string, unknown>;
  /** The caller's identity (gates: `consumer.id`; per-consumer overrides key on it). */
  consumer_id?: string;
  /** A stable conversation id grouping evaluations in Activity. */
  session_id?: string;
  /** Dimensions for gate conditions (`source.application`, `model.name`, `tool.name`, ...). */
  attributes?: Record<string, unknown>;
}

/** One finding of an evaluation (spec 2.7). */
export interface Finding {
  source: { kind: string; plugin: string; detector_name: string };
  signal: { type: string; confidence: number };
  outcome: { action: string };
  evidence?: { masked?: number; entities?: string[] };
}

/** A successful evaluate answer (HTTP 200, `block` included). */
export interface EvaluateAnswer {
  status: Verdict;
  /** Present with `transform`: the sent payload with masked tokens in place of values. */
  transformed_payload?: Record<string, unknown>;
  findings: Finding[];
  /** Join key to the Activity record. */
  trace_id: string;
  request_id: string;
}
