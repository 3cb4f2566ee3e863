/**
 * The detectors that remember what they made of a text (prompt_guard, indirect_prompt_injection,
 * toxicity, data_loss_prevention, topic_keyword_moderation) answer a conversation exactly as a fresh instance does: when a
 * text comes again, in another request, at another position, beside other texts or in another
 * role. Conversations are built from texts of public datasets committed under
 * test/fixtures/detectors/segment-memo/ (injections, toxic tweets, PII texts, tool results with
 * attacks), so most of them fire something.
 */
import { expect } from 'chai';
import { SegmentMemo, type Detector, type InspectionRequest, type InspectSegment } from '../../../core/guardrail/detector.js';
import { createPluginHost, type PluginHost } from '../../../core/plugin/host.js';
import { segmentMemoTexts } from '../../fixtures/detectors/segment-memo/texts.js';

/** Each detector that remembers texts, with settings under which it finds things in the conversations. */
const MEMOIZING: Record<string, Record<string, unknown>> = {
  prompt_guard: {},
  indirect_prompt_injection: {},
  toxicity: {},
  data_loss_prevention: {},
  topic_keyword_moderation: { keywords: ['password', 'email', 'kill', 'bitch'], denied_topics: ['weapons', 'drugs', 'politics', 'medical advice'] },
};

describe('detectors remembering texts answer as fresh ones do', () => {
  let host: PluginHost;
  let conversations: InspectionRequest[][];

  before(async () => {
    // Remembering is what is under test (benchmarks turn it off in their process).
    SegmentMemo.disabled = false;
    host = await createPluginHost();
    const texts = segmentMemoTexts();
    const [prompts, tweets, pii, tools] = [texts.prompts, texts.tweets, texts.pii, texts.toolResults].map((set) => set.map((t) => t.text));
    // Each conversation grows turn by turn; every request resends the whole history, as chat clients do.
    conversations = Array.from({ length: 20 }, (_, k) => {
      const history: InspectSegment[] = [{ id: 0, text: 'You are a helpful assistant for Acme Corp. Answer briefly.', source: 'prompt', role: 'system' }];
      const requests: InspectionRequest[] = [];
      for (let turn = 0; turn < 6; turn++) {
        const pick = (list: string[]) => list[(k * 6 + turn) % list.length];
        const text = [pick(prompts), pick(tweets), pick(pii)][turn % 3];
        history.push({ id: history.length, text, source: 'prompt', role: 'user' });
        if (turn % 2) history.push({ id: history.length, text: pick(tools), source: 'tool_result', role: 'tool' });
        requests.push({ direction: 'input', segments: history.map((s) => ({ ...s })), attachments: [], attributes: {} });
        history.push({ id: history.length, text: pick(tweets), source: 'completion', role: 'assistant' });
      }
      // The same texts again, reordered and renumbered: a redaction must name where the text is now.
      const reordered = [...history].reverse().map((s, id) => ({ ...s, id }));
      requests.push({ direction: 'input', segments: reordered, attachments: [], attributes: {} });
      requests.push({ direction: 'output', segments: reordered.slice(0, 3), attachments: [], attributes: {} });
      return requests;
    });
  });

  for (const [name, detectorSettings] of Object.entries(MEMOIZING)) {
    it(`${name}: the same hits, request by request, as an instance seeing each request alone`, async () => {
      const definition = host.detectors.get(name)!;
      const settings = host.validateSettings(name, detectorSettings);
      const remembering = definition.create(settings);
      const fresh = (): Detector => definition.create(settings);
      let fired = 0;
      for (const requests of conversations) {
        for (const request of requests) {
          const hits = await remembering.inspect(request);
          expect(hits, JSON.stringify(request.segments.map((s) => s.text.slice(0, 40)))).to.deep.equal(await fresh().inspect(request));
          if (hits.length) fired++;
          // What a caller does with the hits does not reach what the detector remembers.
          for (const hit of hits) {
            hit.entities.push('changed by the caller');
            hit.redactions?.splice(0);
          }
        }
      }
      // The comparison is only worth something if the detector found things in them.
      expect(fired).to.be.greaterThan(10);
    });
  }
});
