/**
 * CPU time of each data_loss_prevention recognizer (default settings) on the never-repeating
 * 4 KB dataset prompts, in microseconds per text: `npx tsx tools/bench/dlp-recognizers.ts [texts]`.
 */
import { datasetPrompts } from '../../bench/detectors.js';
import { createPluginHost } from '../../core/plugin/host.js';
import { buildRecognizers } from '../../plugins/data-loss-prevention/recognizers.js';
import type { DataLossPreventionSettings } from '../../plugins/data-loss-prevention/settings.js';
import type { Span } from '../../plugins/data-loss-prevention/span.js';

const host = await createPluginHost();
const settings = host.validateSettings('data_loss_prevention', {}) as unknown as DataLossPreventionSettings;
const enabled = new Set(settings.entities);
const recognizers = buildRecognizers(settings).filter((r) => r.entities.some((e) => enabled.has(e)));
const texts = datasetPrompts(Number(process.argv[2] ?? 1500)).map((p) => p.user);
for (let pass = 0; pass < 3; pass++) {
  const row: Record<string, number> = {};
  for (const r of recognizers) {
    const c0 = process.cpuUsage();
    for (const text of texts) r.find(text, [] as Span[]);
    const used = process.cpuUsage(c0);
    row[r.entities.length > 3 ? 'secrets' : r.entities.join('+')] = Number(((used.user + used.system) / texts.length).toFixed(1));
  }
  console.log('us per 4 KB text', row);
}
