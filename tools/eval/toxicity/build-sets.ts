/**
 * Builds the toxicity detector's own labelled sets, split into tuning and held-out parts before
 * anything is scored: `npx tsx tools/eval/toxicity/build-sets.ts` (deterministic, no arguments).
 *
 * - jigsaw-sample: the rows of jigsaw-sample.csv (a selection of a public sample of the Jigsaw
 *   toxic-comment test set, see test/eval/held-out/toxicity/MANIFEST.md); toxic = `toxic` column.
 * - generated: texts made here from templates with a seeded generator: hard negatives (everyday
 *   and technical text full of words that are abusive elsewhere) and positives (insults, threats
 *   and slurs, plainly written and obfuscated).
 *
 * Repeated texts are kept once; a text goes to the held-out part when the FNV-1a hash of the text
 * % 3 is not 0 (two thirds), else to the tuning part, so no text is in both.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsv } from '../../../test/eval/datasets/csv.js';
import { fnv1a } from '../../../test/eval/datasets/fnv1a.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const SEED = 20261129;

interface Row {
  id: string;
  text: string;
  label: 0 | 1;
  category: string;
}

function jigsawRows(): Row[] {
  const [, ...rows] = parseCsv(readFileSync(join(ROOT, 'tools/eval/toxicity/jigsaw-sample.csv'), 'utf8'));
  return rows.map((r, i) => {
    // comment_text holds commas unquoted in this sample: the six labels are the last six fields.
    const labels = r.slice(-6).map(Number);
    const text = r.slice(0, -6).join(',');
    const kinds = ['severe_toxic', 'obscene', 'threat', 'insult', 'identity_hate'].filter((_, k) => labels[k + 1] === 1);
    return { id: `jigsaw-${i}`, text, label: labels[0] === 1 ? 1 : 0, category: labels[0] === 1 ? kinds.join('+') || 'toxic' : 'neither' };
  });
}

function generatedRows(): Row[] {
  let seed = SEED;
  const random = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
  const pick = <T>(list: readonly T[]) => list[random(list.length)];
  const rows: Row[] = [];
  const add = (label: 0 | 1, category: string, text: string) => rows.push({ id: `gen-${category}-${rows.length}`, text, label, category });

  // Hard negatives: words that are abusive elsewhere, in everyday and technical use.
  const tech = ['kill the stuck worker process and restart the queue', 'the build is dead again, can you shoot me the logs', 'we need to execute the migration before we hang up the old cluster', 'strip the trailing whitespace and drop the temp table', 'the parent process should reap its dead children', 'force-kill the hanging container with SIGKILL', 'the cron job bombed out at 3am, rerun it', 'git blame says the bug came from the hotfix branch', 'this regex is killing performance on long inputs', 'abort the deploy if the smoke test fails'];
  const everyday = ['that concert was sick, the drummer killed it', 'my grandma makes a killer lasagna', 'I nearly died laughing at the wedding speech', 'we got our butts kicked in the quiz tonight', 'the hike was brutal but the view was worth it', 'Scunthorpe and Penistone are towns in England', 'the cocktail menu at the hotel bar was excellent', 'Dick Van Dyke starred in the musical', 'please assess the class assignment by Friday', 'the shooting schedule for the film moved to Tuesday'];
  const discussion = ['how should moderators respond when users post slurs in the chat?', 'what does the word bigot mean and where does it come from?', 'write a policy that bans harassment and hate speech in our forum', 'is it legal to own a hunting rifle in Canada?', 'summarize the history of the civil rights movement', 'what are the warning signs that a friend is thinking about suicide?', 'explain why the word retarded is considered offensive today', 'a guide to reporting abusive messages on social networks'];
  const suffix = ['', ' thanks!', ' asap', ' when you have a minute', ' :)'];
  for (let k = 0; k < 120; k++) add(0, 'hard negative: technical', pick(tech) + pick(suffix));
  for (let k = 0; k < 120; k++) add(0, 'hard negative: everyday', pick(everyday) + pick(suffix));
  for (let k = 0; k < 100; k++) add(0, 'hard negative: discussing abuse', pick(discussion) + pick(suffix));

  // Positives: insults, threats and slurs, plainly written and obfuscated.
  const target = ['you', 'u', 'you guys', 'this admin'];
  const insult = ['worthless idiot', 'pathetic loser', 'stupid moron', 'dumb bitch', 'piece of shit', 'useless prick'];
  const threat = ['I will find you and hurt you', 'I am going to kill you', 'you deserve to die', 'someone should shoot you', 'I will beat your ass'];
  const obfuscate = [(s: string) => s, (s: string) => s.replace(/i/g, '1').replace(/o/g, '0'), (s: string) => s.replace(/\b(\w)(\w+)\b/g, (_, a: string, b: string) => `${a}${b.length > 3 ? '*' : ''}${b.slice(b.length > 3 ? 1 : 0)}`), (s: string) => s.toUpperCase()];
  for (let k = 0; k < 200; k++) add(1, 'insult', pick(obfuscate)(`${pick(target)} are a ${pick(insult)}`) + pick(suffix));
  for (let k = 0; k < 120; k++) add(1, 'threat', pick(obfuscate)(pick(threat)) + pick(suffix));
  return rows;
}

function write(path: string, rows: Row[]): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

for (const [name, rows] of [['jigsaw-sample', jigsawRows()], ['generated', generatedRows()]] as const) {
  const seen = new Set<string>();
  const unique = rows.filter((r) => !seen.has(r.text) && seen.add(r.text));
  const heldOut = unique.filter((r) => fnv1a(r.text) % 3 !== 0);
  const tuning = unique.filter((r) => fnv1a(r.text) % 3 === 0);
  write(join(ROOT, `test/eval/held-out/toxicity/${name}.jsonl`), heldOut);
  write(join(ROOT, `test/eval/tuning/toxicity/${name}.jsonl`), tuning);
  console.log(`${name}: ${heldOut.length} held-out (${heldOut.filter((r) => r.label).length} toxic), ${tuning.length} tuning (${tuning.filter((r) => r.label).length} toxic)`);
}
