/**
 * indirect_prompt_injection's scorer before/after on the detector benchmark's tool texts (the
 * 512-byte tool results of `datasetPrompts`), in batches of texts timed in CPU time and
 * interleaved batch by batch, the first build of each turn alternating: the median microseconds
 * per text of each build, their ratio, and whether every verdict and raw logit is the same.
 * Batches rather than single texts, so the clock's microsecond steps do not dominate.
 *
 *   npx tsx tools/bench/indirect-scorer-ab.ts <before-plugin-dir> [texts] [rounds] [ascii|non-ascii]
 *
 * `<before-plugin-dir>` as for indirect-ab.ts: the plugin folder of another tree (with its
 * plugins/shared), e.g. from `git archive <commit> plugins core | tar -x -C <dir>`.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { datasetPrompts } from '../../bench/detectors.js';

interface Scorer {
  score(text: string): unknown;
  rawLogit(text: string): number;
}
const [beforeDir, textsArg, roundsArg, only] = process.argv.slice(2);
if (!beforeDir) throw new Error('usage: indirect-scorer-ab.ts <before-plugin-dir> [texts] [rounds] [ascii|non-ascii]');
// Optionally only the ASCII texts, or only the others (about a quarter of them).
const NON_ASCII = /[^\x00-\x7f]/;
const texts = datasetPrompts(Number(textsArg ?? 2000))
  .map((p) => p.tool)
  .filter((text) => !only || (only === 'ascii') !== NON_ASCII.test(text));
const rounds = Number(roundsArg ?? 6);
const BATCH = 25;

/** The scorer of a plugin folder, with the detector's default options. */
async function scorerOf(folder: string): Promise<Scorer> {
  const { IndirectScorer } = (await import(pathToFileURL(resolve(folder, 'scorer.ts')).href)) as { IndirectScorer: new (model: unknown, options: unknown) => Scorer };
  const { indirectModel } = (await import(pathToFileURL(resolve(folder, 'model-file.ts')).href)) as { indirectModel: () => unknown };
  return new IndirectScorer(indirectModel(), { decodeEncodings: true, hiddenTextConfidence: 0.9, allowPhrases: [], maxChars: 20000 });
}

const builds: Array<[string, Scorer]> = [
  ['before', await scorerOf(beforeDir)],
  ['after', await scorerOf('plugins/indirect-prompt-injection')],
];
let differ = 0;
for (const text of texts) {
  const [a, b] = builds.map(([, s]) => JSON.stringify([s.score(text), s.rawLogit(text)]));
  if (a !== b) differ++;
}
const cpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
const samples = builds.map((): number[] => []);
for (let round = 0; round < rounds; round++) {
  for (let from = 0, turn = 0; from < texts.length; from += BATCH, turn++) {
    for (let k = 0; k < builds.length; k++) {
      const b = (k + turn) % builds.length;
      const scorer = builds[b][1];
      const t0 = cpu();
      for (let i = from; i < from + BATCH && i < texts.length; i++) scorer.score(texts[i]);
      samples[b].push((cpu() - t0) / Math.min(BATCH, texts.length - from));
    }
  }
}
const median = (xs: number[]) => xs.sort((x, y) => x - y)[xs.length >> 1];
const medians = samples.map(median);
builds.forEach(([name], b) => console.log(`${name.padEnd(8)} ${medians[b].toFixed(1)} µs per tool text (median of ${samples[b].length} batches of ${BATCH})`));
console.log(`after / before ${(medians[1] / medians[0]).toFixed(3)}; texts whose verdict or raw logit differ: ${differ} of ${texts.length}`);
