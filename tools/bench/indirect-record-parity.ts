/**
 * Records what the indirect_prompt_injection scorer makes of the parity test's texts (its raw
 * logit and its verdict, at full precision), for test/unit/plugins/indirect-prompt-injection/parity.test.ts
 * to hold a faster scorer to. Run it on the code whose outputs are the reference, before changing
 * the scorer, and again only when a change of outputs is meant (a retrained model):
 *
 *   npx tsx tools/bench/indirect-record-parity.ts [plugin-dir]     (default: plugins/indirect-prompt-injection)
 *
 * `plugin-dir` may be another build of the plugin folder (e.g. one extracted from an older commit,
 * beside its own core and plugins/shared), whose outputs are then recorded.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { INDIRECT_PARITY_COUNT, INDIRECT_PARITY_FILE, INDIRECT_PARITY_OPTIONS, INDIRECT_PARITY_SEED, indirectParityTexts } from '../../test/unit/plugins/indirect-prompt-injection/parity-texts.js';

async function main(): Promise<void> {
  const dir = resolve(process.argv[2] ?? fileURLToPath(new URL('../../plugins/indirect-prompt-injection', import.meta.url)));
  const load = (file: string) => import(pathToFileURL(resolve(dir, file)).href);
  const [{ IndirectScorer }, { indirectModel }] = await Promise.all([load('scorer.ts'), load('model-file.ts')]);
  const scorer = new IndirectScorer(indirectModel(), INDIRECT_PARITY_OPTIONS);
  const texts = indirectParityTexts(INDIRECT_PARITY_SEED, INDIRECT_PARITY_COUNT);
  const recorded = texts.map((text) => ({ raw: scorer.rawLogit(text) as number, verdict: scorer.score(text) as unknown }));
  writeFileSync(INDIRECT_PARITY_FILE, JSON.stringify({ seed: INDIRECT_PARITY_SEED, count: INDIRECT_PARITY_COUNT, recorded }) + '\n');
  console.log(`recorded ${recorded.length} texts from ${dir} into ${INDIRECT_PARITY_FILE}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
