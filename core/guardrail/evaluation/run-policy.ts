/**
 * Runs one policy on one evaluation, in the order of spec 1.2: gates on the request metadata,
 * then the detector rules of the evaluation's direction. Every fired gate and hit becomes a
 * finding with its configured action; the most restrictive action is the status (3.1), capped
 * at `report` in observe mode (3.2). A transform masks the payload in place.
 */
import { GatewayError } from '../../errors/gateway-error.js';
import type { CompiledPolicy, CompiledRule } from '../config/compiled-config.js';
import type { DetectorHit, InspectionRequest, Redaction } from '../detector.js';
import { applyRedactions } from '../payload/apply-redactions.js';
import type { ParsedPayload } from '../payload/read-payload.js';
import { detectorErrorFinding, detectorFinding, gateFinding, ruleOutcome, type Finding } from './finding.js';
import { fieldValues, type GateContext } from './gate-fields.js';
import { rulesFor } from './policy-rules.js';
import { MAX_FINDINGS_PER_RULE } from './report-limits.js';
import { capForMode, mostRestrictive, type Status } from './verdict.js';
import type { PolicyMode } from '../config/records.js';

/** The outcome of running a policy. */
export interface PolicyRun {
  status: Status;
  mode: PolicyMode;
  findings: Finding[];
  /** Present when the status is `transform`. */
  transformedPayload?: Record<string, unknown>;
}

/** What running a policy needs. */
export interface PolicyRunInput {
  policy: CompiledPolicy;
  gate: GateContext;
  parsed: ParsedPayload;
  payload: Record<string, unknown>;
}

type RuleResult = { rule: CompiledRule; hits: DetectorHit[] } | { rule: CompiledRule; error: Error };

const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

async function runRule(rule: CompiledRule, request: InspectionRequest): Promise<RuleResult> {
  try {
    if (rule.broken || !rule.instance) throw new Error(rule.broken ?? 'detector not available');
    const hits = await rule.instance.inspect(request);
    if (!Array.isArray(hits)) throw new Error('the detector answered something other than a list of hits');
    return { rule, hits };
  } catch (err) {
    return { rule, error: asError(err) };
  }
}

/**
 * A detector failure under a fail-closed policy: answered 503 `detector_failed` naming the
 * detector; `findings` (the gates and rules that ran, and a `detector_error` finding per failed
 * rule) go to the Activity record so the refusal says which detector failed.
 */
export class DetectorFailed extends GatewayError {
  constructor(
    readonly findings: Finding[],
    rule: CompiledRule,
    cause: Error,
  ) {
    super('detector_failed', { cause, details: { detector: rule.detectorId } });
  }
}

/** The inspection requests, and why document extraction failed (when it did). */
interface InspectionRequests {
  plain: InspectionRequest;
  withDocuments: InspectionRequest;
  extractionError?: Error;
}

/** The inspection requests: a detector that extracts attachments reads them itself; the others also get their text. */
async function inspectionRequests(input: PolicyRunInput, rules: readonly CompiledRule[]): Promise<InspectionRequests> {
  const { parsed, gate } = input;
  const plain: InspectionRequest = {
    direction: gate.direction,
    segments: parsed.segments.map(({ id, text, source, role }) => ({ id, text, source, ...(role ? { role } : {}) })),
    attachments: parsed.attachments,
    // Object.assign, not spreads: see "Garbage on the request path" in docs/architecture.md.
    attributes: Object.assign({}, gate.attributes, gate.payloadModel && gate.attributes['model.name'] === undefined ? { 'model.name': gate.payloadModel } : undefined),
  };
  const extractor = input.policy.extractor;
  if (plain.attachments.length === 0 || !extractor?.extractSegments || rules.every((r) => r.instance === extractor)) return { plain, withDocuments: plain };
  try {
    const documents = await extractor.extractSegments(plain);
    // concat, not a spread into a call: a request may hold any number of segments.
    return { plain, withDocuments: documents.length ? { ...plain, segments: plain.segments.concat(documents) } : plain };
  } catch (err) {
    // The readers still inspect the payload's own text; each is recorded as failed (see runPolicy).
    return { plain, withDocuments: plain, extractionError: asError(err) };
  }
}

/** What the rules' hits add up to. */
interface Collected {
  findings: Finding[];
  redactions: Redaction[];
  /** The most restrictive action of hits left out of `findings` by MAX_FINDINGS_PER_RULE. */
  leftOutAction: Status;
}

/**
 * Turns one rule's hits into findings (at most MAX_FINDINGS_PER_RULE; the rest are counted on
 * the last one and still count toward the status) and collects every redaction.
 */
function collectHits(rule: CompiledRule, hits: readonly DetectorHit[], mode: PolicyMode, placed: ReadonlySet<number>, into: Collected): void {
  const kept: Finding[] = [];
  let leftOut = 0;
  for (const hit of hits) {
    if (!(hit?.confidence >= rule.threshold)) continue;
    let action = ruleOutcome(rule.action);
    if (action === 'transform') {
      const hitRedactions = Array.isArray(hit.redactions) ? hit.redactions : [];
      // A value in an attached document cannot be masked in place: enforcing stops it instead.
      if (mode === 'enforce' && hitRedactions.some((r) => !placed.has(r.segment))) action = 'block';
      // One by one, never push(...list): a hit may carry hundreds of thousands of redactions.
      else for (const r of hitRedactions) into.redactions.push(r);
    }
    if (kept.length < MAX_FINDINGS_PER_RULE) kept.push(detectorFinding(rule, hit, action));
    else {
      leftOut++;
      into.leftOutAction = mostRestrictive([into.leftOutAction, action]);
    }
  }
  if (leftOut) {
    const last = kept[kept.length - 1];
    last.evidence.truncated = (last.evidence.truncated ?? 0) + leftOut;
  }
  for (const finding of kept) into.findings.push(finding);
}

/** Runs gates, then the rules of the direction, and decides the status. */
export async function runPolicy(input: PolicyRunInput): Promise<PolicyRun> {
  const { policy, gate, parsed } = input;
  const override = gate.consumerId ? policy.overrides.get(gate.consumerId) : undefined;
  const mode = override?.mode ?? policy.mode;
  const collected: Collected = { findings: [], redactions: [], leftOutAction: 'allow' };
  const { findings } = collected;

  for (const g of policy.gates) {
    if (g.action === 'ask' && gate.direction === 'output') continue; // an Ask gate never matches on output
    if (g.conditions.every((c) => c.test(fieldValues(gate, c.field)))) findings.push(gateFinding(g));
  }

  const rules = rulesFor(policy, gate.direction, override);
  // Nothing can be more restrictive than an enforced block: spare the detectors.
  const settled = mode === 'enforce' && findings.some((f) => f.outcome.action === 'block');
  // By rule: a reader whose documents could not be extracted may also fail on its own.
  const failures = new Map<CompiledRule, Error>();
  if (!settled && rules.length) {
    const requests = await inspectionRequests(input, rules);
    const placed = new Set(parsed.segments.map((s) => s.id));
    const results = await Promise.all(
      rules.map((r) => {
        const reader = !r.instance?.extractSegments;
        if (reader && requests.extractionError) failures.set(r, requests.extractionError);
        return runRule(r, reader ? requests.withDocuments : requests.plain);
      }),
    );
    for (const result of results) {
      if ('error' in result) {
        failures.set(result.rule, result.error);
        continue;
      }
      try {
        collectHits(result.rule, result.hits, mode, placed, collected);
      } catch (err) {
        // Hits of an unexpected shape are the detector's failure, not the evaluation's.
        failures.set(result.rule, asError(err));
      }
    }
  }

  if (failures.size) {
    const closed = policy.failMode === 'closed';
    for (const rule of failures.keys()) findings.push(detectorErrorFinding(rule, closed ? 'block' : 'report'));
    const [first] = failures;
    if (closed) throw new DetectorFailed(findings, first[0], first[1]);
  }

  const status = capForMode(mostRestrictive([collected.leftOutAction, ...findings.map((f) => f.outcome.action)]), mode);
  const run: PolicyRun = { status, mode, findings };
  if (status === 'transform') run.transformedPayload = applyRedactions(input.payload, parsed.segments, collected.redactions).payload;
  return run;
}
