/** Development aid: average CPU time of each data_loss_prevention recognizer on a 4 KB prompt. */
import { buildRecognizers } from '../../../plugins/data-loss-prevention/recognizers.js';
import type { DataLossPreventionSettings } from '../../../plugins/data-loss-prevention/settings.js';
import { validatorFor } from '../../../core/schema/ajv.js';

const base =
  'Hi team, my name is Anna Berg and I live at 1668 Glyn St, Springfield. Call me at +1 415-555-0132 or mail anna.berg@example.com. ' +
  'The deploy failed with key AKIA4VNYNXQAI5TYE2I7 and the database at postgres://app:S3cr3t-Pa55@db.internal/app. ' +
  'Could you review the quarterly report, summarize the findings about revenue growth in Europe, and list three risks for next year? ' +
  'We moved here from Helsinki last spring; the office IP is 10.2.3.4 and my card 4111 1111 1111 1111 expires soon. ';
const text = base.repeat(Math.ceil(4096 / base.length)).slice(0, 4096);
const settings: Record<string, unknown> = {};
validatorFor('https://portcullis.dev/schemas/plugins/data_loss_prevention.schema.json')(settings);
for (const r of buildRecognizers(settings as unknown as DataLossPreventionSettings)) {
  // Each text once more, so the shared tokenization is not reused between recognizers.
  const texts = Array.from({ length: 8 }, (_, i) => text.slice(0, text.length - i));
  for (let i = 0; i < 20; i++) r.find(texts[i % 8], []);
  const c0 = process.cpuUsage();
  for (let i = 0; i < 200; i++) r.find(texts[i % 8], []);
  const c = process.cpuUsage(c0);
  console.log(r.entities.slice(0, 2).join(',').padEnd(32), ((c.user + c.system) / 1000 / 200).toFixed(3), 'ms');
}
