import { defaultDetector, inspectText } from '../../../test/eval/detectors/data-loss-prevention/inspect-text.js';
const d = defaultDetector();
for (const t of process.argv.slice(2)) {
  const { spans } = inspectText(d, t);
  console.log(JSON.stringify(t), spans.map((s) => `${s.label}:${JSON.stringify(t.slice(s.start, s.end))}`).join(' '));
}
