/**
 * The detector contract of the guardrail service. A detector is a plugin: a definition with a
 * settings JSON Schema (schemas/plugins/<name>.schema.json) and a factory called once per
 * config snapshot, whose instance inspects text in-process (the service never calls a model
 * provider). Detectors only detect: the service turns hits into findings and verdicts.
 */

/** Where a piece of inspected text came from in the payload. */
export type SegmentSource =
  /** A system, developer or user message, or `{input}`. */
  | 'prompt'
  /** Assistant text (output direction, or earlier assistant turns). */
  | 'completion'
  /** Arguments of a tool call the assistant made. */
  | 'tool_call'
  /** Content returned by a tool/function (the home of indirect injection). */
  | 'tool_result'
  /** Text extracted from a document attachment by doc_analyzer, or a text document block. */
  | 'document';

export interface InspectSegment {
  /** Stable index into the request's segments; redactions refer to it. */
  id: number;
  text: string;
  source: SegmentSource;
  role?: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
}

/** A binary attachment found in the payload (base64 PDF, DOCX, HTML, text). */
export interface InspectAttachment {
  /** Index of the segment list position it stands at, for reporting. */
  id: number;
  media_type: string;
  /** base64 data, as sent. */
  data: string;
  name?: string;
  /** True when the attachment came back from a tool rather than from the user. */
  from_tool?: boolean;
}

export interface InspectionRequest {
  direction: 'input' | 'output';
  segments: InspectSegment[];
  attachments: InspectAttachment[];
  /** Gate attributes of the request (model.name, tool.name, ...), for detectors that care. */
  attributes: Record<string, unknown>;
}

/** A replacement of `text.slice(start, end)` in one segment by `replacement` (a masked token). */
export interface Redaction {
  segment: number;
  start: number;
  end: number;
  replacement: string;
}

/** One thing a detector found. Never carries the sensitive value itself. */
export interface DetectorHit {
  /** `signal.type` of the finding: `jailbreak`, `pii`, `secret`, `toxicity.hate`, `url.shortener`, ... */
  type: string;
  /** 0..1; the rule's threshold decides whether the hit fires. */
  confidence: number;
  /** Entity or category types involved (`EMAIL_ADDRESS`, `AWS_ACCESS_KEY`, `harassment`). */
  entities: string[];
  /** How many values this hit would mask. */
  masked?: number;
  /** Masking of the values, for a Transform rule (data_loss_prevention only). */
  redactions?: Redaction[];
  /**
   * How many further matches the detector found and left out of `entities`, when it caps its
   * own list (the service also caps it: see core/guardrail/evaluation/report-limits.ts).
   */
  truncated?: number;
}

export interface Detector {
  inspect(request: InspectionRequest): DetectorHit[] | Promise<DetectorHit[]>;
  /**
   * Optional: turns the request's attachments into text segments (numbered after its own) so
   * the other detectors inspect document text too. The service calls the first detector that
   * offers it (with the policy's settings for it, else its defaults) once per evaluation.
   */
  extractSegments?(request: InspectionRequest): Promise<InspectSegment[]>;
}

export interface DetectorDefinition<S extends object = Record<string, unknown>> {
  readonly kind: 'detector';
  /** The detector id the API shows (`prompt_guard`, `data_loss_prevention`, ...). */
  name: string;
  version: string;
  /** `$id` of schemas/plugins/<name>.schema.json. */
  schemaId: string;
  description: string;
  /** Only data_loss_prevention may back a Transform rule (spec 3.1). */
  canTransform: boolean;
  /** Default threshold a rule uses when it sets none. */
  defaultThreshold: number;
  /** Builds an instance from validated settings (defaults applied); called once per snapshot. */
  create(settings: S): Detector;
}

export const defineDetector = <S extends object>(definition: DetectorDefinition<S>) => definition;

/**
 * For a detector whose reading of a text depends on nothing but the text and its settings: remember
 * each reading (`memo.getFor(request, segment, read)`), so a conversation's history is not read again on
 * every turn. Create the memo in `create`, so a settings change starts an empty one.
 */
export { SegmentMemo } from './segment-memo.js';

/**
 * A segment's text folded once per evaluation for every detector that wants it
 * (`preparedText(segment).folded`: no invisible characters, no accents, lower case); see
 * prepared-text.ts and the detector section of docs/plugins.md.
 */
export { preparedText, foldForMatching, type PreparedText } from './prepared-text.js';
