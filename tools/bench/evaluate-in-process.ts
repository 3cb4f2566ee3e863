/**
 * `node --import tsx [--cpu-prof --cpu-prof-dir=DIR] tools/bench/evaluate-in-process.ts [every|none] [evaluations]`:
 * the evaluate path without sockets or a load driver, so a noisy host disturbs it less. A gateway
 * with the evaluate scenario's configuration runs in this process; its in-process evaluator (the
 * one the proxy's guardrails policy calls) answers the scenario's never-repeating dataset bodies
 * one after another. `every` puts every detector on the input (what the scenario measures),
 * `none` on the output only, so the evaluation does everything but the detectors. Prints the CPU
 * per evaluation (process user + system) of the timed second half, and the median and 90th percentile
 * of one evaluation's time (pinned to a core on a quiet host, its CPU: the "CPU per evaluation at the median").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateMasterKey } from '../../core/security/secret-box.js';
import { createTestGateway } from '../../core/testing/test-gateway.js';
import { seedConfig } from '../../bench/seed-config.js';
import { evaluateDatasetBodies, evaluateNoDetectorSeed, evaluateSeed } from '../../bench/scenarios/evaluate.js';

const kind = process.argv[2] === 'none' ? 'none' : 'every';
const count = Number(process.argv[3] ?? 6000);
const dataDir = mkdtempSync(join(tmpdir(), 'portcullis-in-process-'));
const masterKey = generateMasterKey();
const seeded = await seedConfig({ ...(kind === 'every' ? evaluateSeed : evaluateNoDetectorSeed), dataDir, masterKey, upstreamUrl: 'http://127.0.0.1:9' });
const gateway = await createTestGateway({ dataDir, planes: ['guardrail'], env: { PORTCULLIS_MASTER_KEY: masterKey, PORTCULLIS_LOG_LEVEL: 'error' } });
try {
  const evaluator = gateway.guardrails.inProcess(gateway.urls.guardrail!);
  if (!evaluator) throw new Error('no in-process evaluator');
  const bodies = evaluateDatasetBodies();
  const authorization = `Bearer ${seeded.collectorKey}`;
  const walls: number[] = [];
  let cpu = process.cpuUsage();
  const started = performance.now();
  let timedFrom = 0;
  for (let i = 0; i < count; i++) {
    if (i === count >> 1) {
      cpu = process.cpuUsage();
      timedFrom = performance.now();
    }
    const t0 = performance.now();
    const answer = await evaluator.evaluate({ authorization, body: bodies.take() });
    if (i >= count >> 1) walls.push(performance.now() - t0);
    if (answer.status !== 200) throw new Error(`evaluate answered ${answer.status}: ${answer.body}`);
  }
  const used = process.cpuUsage(cpu);
  walls.sort((a, b) => a - b);
  console.log(`per evaluation: p50 ${walls[walls.length >> 1].toFixed(3)} ms, p90 ${walls[Math.floor(walls.length * 0.9)].toFixed(3)} ms`);
  const timed = count - (count >> 1);
  console.log(`${kind} detector(s): ${((used.user + used.system) / 1000 / timed).toFixed(3)} ms CPU per evaluation, ${((performance.now() - timedFrom) / timed).toFixed(3)} ms wall (${timed} timed of ${count}; ${((performance.now() - started) / 1000).toFixed(1)} s in all)`);
} finally {
  await gateway.close();
  rmSync(dataDir, { recursive: true, force: true });
}
