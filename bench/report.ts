import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { BenchSettings, ScenarioResult } from './context.js';

export interface MachineFacts {
  cores: number;
  cpu: string;
  memory_gib: number;
  node: string;
  pinned: string;
  date: string;
}

export function machineFacts(pinned: boolean, settings: BenchSettings): MachineFacts {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memory_gib: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    pinned: pinned ? `gateway on core ${settings.gatewayCore}, load driver and upstream on core ${settings.driverCore}` : 'not pinned (taskset unavailable)',
    date: new Date().toISOString(),
  };
}

function table(rows: ScenarioResult['rows']): string {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cells = rows.map((r) => keys.map((k) => (r[k] === undefined ? '' : String(r[k]))));
  const widths = keys.map((k, i) => Math.max(k.length, ...cells.map((c) => c[i].length)));
  const line = (xs: string[]) => '| ' + xs.map((x, i) => x.padEnd(widths[i])).join(' | ') + ' |';
  return [line(keys), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/** Prints the results as Markdown tables and writes them to bench/results/<date>.json (BENCH_RESULTS_DIR: elsewhere). */
export function report(facts: MachineFacts, settings: BenchSettings, results: ScenarioResult[]): string {
  const lines = [
    `Machine: ${facts.cores} cores (${facts.cpu}), ${facts.memory_gib} GiB, Node ${facts.node}; ${facts.pinned}.`,
    `Open loop at ${settings.rate} req/s for ${settings.durationMs / 1000} s per sample, ${settings.repeats} interleaved repeats (medians).`,
    '',
  ];
  for (const r of results) {
    lines.push(`### ${r.scenario}`, '', table(r.rows), '');
    for (const note of r.notes ?? []) lines.push(`Note: ${note}`, '');
  }
  const text = lines.join('\n');
  console.log(text);
  const dir = process.env.BENCH_RESULTS_DIR ?? fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/${facts.date.replace(/[:.]/g, '-')}.json`, JSON.stringify({ facts, settings, results }, null, 2) + '\n');
  writeFileSync(`${dir}/latest.json`, JSON.stringify({ facts, settings, results }, null, 2) + '\n');
  return text;
}
