/** Development aid: lists secrets fixtures the detector gets wrong. */
import { defaultDetector, inspectText } from '../../../test/eval/detectors/data-loss-prevention/inspect-text.js';
import { secretFixtures } from '../../../test/eval/detectors/data-loss-prevention/fixtures.js';
const d = defaultDetector();
for (const r of secretFixtures()) {
  const { hits, spans } = inspectText(d, r.text);
  const secret = hits.find((h) => h.type === 'secret');
  const ok = r.label === 1 ? !!secret?.entities.includes(r.kind) : !secret;
  if (!ok) console.log(r.label, r.kind, JSON.stringify(r.text.slice(0, 150)), spans.map((s) => `${s.label}:${r.text.slice(s.start, s.end).slice(0, 30)}`).join(' '));
}
