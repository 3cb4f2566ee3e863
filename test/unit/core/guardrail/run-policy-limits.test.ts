/**
 * runPolicy's bounds: what a rule reports is capped (findings per rule, entities per finding)
 * and the count beyond the cap is kept in `evidence.truncated`, while every hit still counts
 * toward the status and a Transform masks every value; a detector that throws, answers
 * something that is not a list, or hits of the wrong shape are `detector_error` findings under
 * the policy's fail mode.
 */
import { expect } from 'chai';
import type { CompiledPolicy, CompiledRule } from '../../../../core/guardrail/config/compiled-config.js';
import type { Detector, DetectorHit } from '../../../../core/guardrail/detector.js';
import { MAX_ENTITIES_PER_FINDING, MAX_FINDINGS_PER_RULE } from '../../../../core/guardrail/evaluation/report-limits.js';
import { DetectorFailed, runPolicy } from '../../../../core/guardrail/evaluation/run-policy.js';
import type { ParsedPayload } from '../../../../core/guardrail/payload/read-payload.js';

function rule(instance: Detector, action: CompiledRule['action'] = 'block', name = 'r'): CompiledRule {
  return { index: 0, name, detectorId: `${name}_detector`, direction: 'input', action, threshold: 0.5, settings: {}, instance };
}

function policy(rules: CompiledRule[], failMode: 'open' | 'closed' = 'closed'): CompiledPolicy {
  return { id: 'p', name: 'p', mode: 'enforce', failMode, gates: [], rules, overrides: new Map(), record: {} as CompiledPolicy['record'] };
}

function run(p: CompiledPolicy, text: string) {
  const parsed: ParsedPayload = { shape: { kind: 'text' } as ParsedPayload['shape'], segments: [{ id: 0, text, source: 'prompt', role: 'user', path: ['input'] }], attachments: [] };
  return runPolicy({ policy: p, parsed, payload: { input: text }, gate: { protocol: 'llm', direction: 'input', collectorType: 'rest_api', attributes: {} } });
}

const detector = (hits: () => unknown): Detector => ({ inspect: () => hits() as DetectorHit[] });

describe('core/guardrail/evaluation/run-policy: bounded reports and detector errors', () => {
  it('keeps at most MAX_FINDINGS_PER_RULE findings of a rule and counts the rest on the last one; a left-out block still blocks', async () => {
    const hits: DetectorHit[] = [];
    for (let i = 0; i < 100_000; i++) hits.push({ type: 'flood', confidence: 1, entities: ['x'] });
    // The last hit masks a value with no place in the payload: enforcing blocks it, beyond the cap too.
    hits.push({ type: 'flood', confidence: 1, entities: ['x'], redactions: [{ segment: 9, start: 0, end: 1, replacement: '<X>' }] });
    const out = await run(policy([rule(detector(() => hits), 'transform', 'many')]), 'text');
    expect(out.findings).to.have.length(MAX_FINDINGS_PER_RULE);
    expect(out.findings[MAX_FINDINGS_PER_RULE - 1].evidence.truncated).to.equal(100_001 - MAX_FINDINGS_PER_RULE);
    expect(out.status).to.equal('block');
  });

  it('caps the entity names of one finding and counts those left out', async () => {
    const entities: string[] = [];
    for (let i = 0; i < 1_000_000; i++) entities.push(`host-${i}.example`);
    entities.push('y'.repeat(1_000_000));
    const out = await run(policy([rule(detector(() => [{ type: 'url', confidence: 1, entities, truncated: 5 }]))]), 'text');
    const [finding] = out.findings;
    expect(finding.evidence.entities).to.have.length(MAX_ENTITIES_PER_FINDING);
    expect(finding.evidence.truncated).to.equal(1_000_001 - MAX_ENTITIES_PER_FINDING + 5);
    expect(Math.max(...finding.evidence.entities.map((e) => e.length))).to.be.at.most(200);
  });

  it('masks every value of a hit with 500,000 redactions although the report is capped', async () => {
    const parts: string[] = [];
    for (let i = 0; i < 500_000; i++) parts.push('abc');
    const text = parts.join(' ');
    const redactions = parts.map((_, i) => ({ segment: 0, start: i * 4, end: i * 4 + 3, replacement: '<X>' }));
    const out = await run(policy([rule(detector(() => [{ type: 'pii', confidence: 1, entities: ['X'], redactions }]), 'transform')]), text);
    expect(out.status).to.equal('transform');
    expect(out.findings[0].evidence.masked).to.equal(500_000);
    expect(String(out.transformedPayload!.input)).to.not.contain('abc');
  });

  it('a document extractor that throws fails the rules that would read the documents (report when open, 503 when closed), which still read the text', async () => {
    const extractor: Detector = { inspect: () => [], extractSegments: () => Promise.reject(new Error('broken archive')) };
    const reader = rule(detector(() => [{ type: 'keyword', confidence: 1, entities: ['k'] }]), 'monitor', 'reader');
    const parsed: ParsedPayload = {
      shape: { kind: 'text' } as ParsedPayload['shape'],
      segments: [{ id: 0, text: 'text', source: 'prompt', role: 'user', path: ['input'] }],
      attachments: [{ id: 1, media_type: 'application/pdf', data: 'JVBERi0=' }],
    };
    const input = (failMode: 'open' | 'closed') => ({
      policy: { ...policy([reader], failMode), extractor },
      parsed,
      payload: { input: 'text' },
      gate: { protocol: 'llm', direction: 'input' as const, collectorType: 'rest_api', attributes: {} },
    });
    const open = await runPolicy(input('open'));
    expect(open.findings.map((f) => `${f.source.detector_name}:${f.signal.type}:${f.outcome.action}`)).to.deep.equal(['reader:keyword:report', 'reader:detector_error:report']);
    expect(await runPolicy(input('closed')).catch((e: unknown) => e)).to.be.instanceOf(DetectorFailed);
  });

  for (const [what, answer] of [
    ['throws', () => { throw new Error('boom'); }],
    ['rejects with a non-Error', () => Promise.reject(undefined)],
    ['answers something that is not a list', () => ({ type: 'x' })],
    ['answers a hit that cannot be read', () => [{ type: 'x', confidence: 1, get entities(): string[] { throw new Error('unreadable'); } }]],
  ] as const) {
    it(`a detector that ${what} is a detector_error: report under fail-open, 503 detector_failed under fail-closed`, async () => {
      const broken = rule(detector(answer), 'block', 'broken');
      const ok = rule(detector(() => [{ type: 'keyword', confidence: 1, entities: ['k'] }]), 'monitor', 'ok');
      const open = await run(policy([broken, ok], 'open'), 'text');
      const types = open.findings.map((f) => `${f.source.detector_name}:${f.signal.type}:${f.outcome.action}`);
      expect(types).to.deep.equal(['ok:keyword:report', 'broken:detector_error:report']);
      expect(open.status).to.equal('report');
      const closed = await run(policy([broken, ok], 'closed'), 'text').catch((e: unknown) => e);
      expect(closed).to.be.instanceOf(DetectorFailed);
      expect((closed as DetectorFailed).status).to.equal(503);
      expect((closed as DetectorFailed).details).to.deep.equal({ detector: 'broken_detector' });
      expect((closed as DetectorFailed).findings.map((f) => `${f.source.detector_name}:${f.signal.type}:${f.outcome.action}`)).to.include('broken:detector_error:block');
    });
  }
});
