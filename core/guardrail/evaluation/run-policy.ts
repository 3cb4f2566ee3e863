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

async function runRule(rule: CompiledRule, request: InspectionRequest): Promise<RuleResult> {
  try {
    if (rule.broken || !rule.instance) throw new Error(rule.broken ?? 'detector not available');
    return { rule, hits: await rule.instance.inspect(request) };
  } catch (err) {
    return { rule, error: err instanceof Error ? err : new Error(String(err)) };
  }
}

/** The inspection requests: a detector that extracts attachments reads them itself; the others also get their text. */
async function inspectionRequests(input: PolicyRunInput, rules: CompiledRule[]): Promise<{ plain: InspectionRequest; withDocuments: InspectionRequest }> {
  const { parsed, gate } = input;
  const plain: InspectionRequest = {
    direction: gate.direction,
    segments: parsed.segments.map(({ id, text, source, role }) => ({ id, text, source, ...(role ? { role } : {}) })),
    attachments: parsed.attachments,
    // Object.assign, not spreads: see "Garbage on the request path" in docs/architecture.md.
    attributes: Object.assign({}, gate.attributes, gate.payloadModel && gate.attributes['model.name'] === undefined ? { 'model.name': gate.payloadModel } : undefined),
  };
  const extractor = input.policy.extractor;
  const readers = rules.filter((r) => r.instance !== extractor);
  if (plain.attachments.length === 0 || readers.length === 0 || !extractor?.extractSegments) return { plain, withDocuments: plain };
  const documents = await extractor.extractSegments(plain);
  return { plain, withDocuments: documents.length ? { ...plain, segments: [...plain.segments, ...documents] } : plain };
}

/** Runs gates, then the rules of the direction, and decides the status. */
export async function runPolicy(input: PolicyRunInput): Promise<PolicyRun> {
  const { policy, gate, parsed } = input;
  const override = gate.consumerId ? policy.overrides.get(gate.consumerId) : undefined;
  const mode = override?.mode ?? policy.mode;
  const disabled = new Set(override?.disabled_detectors ?? []);
  const findings: Finding[] = [];

  for (const g of policy.gates) {
    if (g.action === 'ask' && gate.direction === 'output') continue; // an Ask gate never matches on output
    if (g.conditions.every((c) => c.test(fieldValues(gate, c.field)))) findings.push(gateFinding(g));
  }

  const rules = policy.rules.filter((r) => (r.direction === 'both' || r.direction === gate.direction) && !disabled.has(r.detectorId));
  // Nothing can be more restrictive than an enforced block: spare the detectors.
  const settled = mode === 'enforce' && findings.some((f) => f.outcome.action === 'block');
  const redactions: Redaction[] = [];
  if (!settled && rules.length) {
    const requests = await inspectionRequests(input, rules);
    const placed = new Set(parsed.segments.map((s) => s.id));
    const results = await Promise.all(rules.map((r) => runRule(r, r.instance?.extractSegments ? requests.plain : requests.withDocuments)));
    for (const result of results) {
      const { rule } = result;
      if ('error' in result) {
        if (policy.failMode === 'closed') {
          throw new GatewayError('detector_failed', { cause: result.error, details: { detector: rule.detectorId } });
        }
        findings.push(detectorErrorFinding(rule));
        continue;
      }
      for (const hit of result.hits) {
        if (!(hit.confidence >= rule.threshold)) continue;
        let action = ruleOutcome(rule.action);
        if (action === 'transform') {
          const hitRedactions = hit.redactions ?? [];
          // A value in an attached document cannot be masked in place: enforcing stops it instead.
          if (mode === 'enforce' && hitRedactions.some((r) => !placed.has(r.segment))) action = 'block';
          else redactions.push(...hitRedactions);
        }
        findings.push(detectorFinding(rule, hit, action));
      }
    }
  }

  const status = capForMode(mostRestrictive(findings.map((f) => f.outcome.action)), mode);
  const run: PolicyRun = { status, mode, findings };
  if (status === 'transform') run.transformedPayload = applyRedactions(input.payload, parsed.segments, redactions).payload;
  return run;
}
