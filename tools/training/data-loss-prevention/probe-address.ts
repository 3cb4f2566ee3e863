/** Development aid: raw street-address spans of a text, before overlap resolution. */
import { streetAddressRecognizer } from '../../../plugins/data-loss-prevention/recognizers/street-address.js';
import type { Span } from '../../../plugins/data-loss-prevention/span.js';
const r = streetAddressRecognizer();
for (const t of process.argv.slice(2)) {
  const out: Span[] = [];
  r.find(t, out);
  console.log(out.map((s) => `${s.score}:${JSON.stringify(t.slice(s.start, s.end))}`).join(' | '));
}
