/** Development aid: CPU time of both detectors on pathological 20 KB inputs (a backtracking check; prints the slow ones). */
import dlp from '../../../plugins/data-loss-prevention/index.js';
import tox from '../../../plugins/toxicity/index.js';
import { validatorFor } from '../../../core/schema/ajv.js';

const make = (d: typeof dlp | typeof tox) => {
  const s: Record<string, unknown> = {};
  validatorFor(d.schemaId)(s);
  return d.create(s as never);
};
const detectors = { dlp: make(dlp), toxicity: make(tox) };
const N = 20_000;
const inputs: Record<string, string> = {
  digits: '1'.repeat(N),
  'digit groups': '12 '.repeat(N / 3),
  'dashed digits': '1-'.repeat(N / 2),
  dots: 'a.'.repeat(N / 2),
  'at signs': 'a@'.repeat(N / 2),
  'email-ish': 'a.b-c_d+'.repeat(N / 8) + '@',
  'capitalised words': 'Anna '.repeat(N / 5),
  'title run no space': 'AbcDef'.repeat(N / 6),
  colons: '1:'.repeat(N / 2),
  hex: 'a1:'.repeat(N / 3),
  'key=value': 'password='.repeat(N / 9),
  base64: 'QUJD'.repeat(N / 4),
  'eyJ parts': 'eyJhbGciOi.'.repeat(N / 11),
  pem: '-----BEGIN PRIVATE KEY-----\n' + 'A'.repeat(N),
  'url-ish': 'postgres://a:'.repeat(N / 13),
  'spaced letters': 'a '.repeat(N / 2),
  'leet mix': 'a1@$'.repeat(N / 4),
  'symbols in word': 'a.-'.repeat(N / 3),
  newlines: 'Ab 12\n'.repeat(N / 6),
  'numbers and words': '12 Abc 34 '.repeat(N / 10),
};
for (const [name, text] of Object.entries(inputs)) {
  for (const [dn, d] of Object.entries(detectors)) {
    const c0 = process.cpuUsage();
    d.inspect({ direction: 'input', segments: [{ id: 0, text, source: 'prompt' }], attachments: [], attributes: {} });
    const c = process.cpuUsage(c0);
    const ms = (c.user + c.system) / 1000;
    if (ms > 30) console.log(`SLOW ${dn} ${name}: ${ms.toFixed(1)} ms CPU`);
  }
}
console.log('done');

// Per recognizer, for the inputs that were slow.
import { buildRecognizers } from '../../../plugins/data-loss-prevention/recognizers.js';
{
  const s: Record<string, unknown> = {};
  validatorFor(dlp.schemaId)(s);
  const recognizers = buildRecognizers(s as never);
  for (const [name, text] of Object.entries(inputs)) {
    for (const r of recognizers) {
      const c0 = process.cpuUsage();
      r.find(text + ' ', []);
      const c = process.cpuUsage(c0);
      const ms = (c.user + c.system) / 1000;
      if (ms > 15) console.log(`  ${r.entities[0]} on ${name}: ${ms.toFixed(1)} ms CPU`);
    }
  }
}
