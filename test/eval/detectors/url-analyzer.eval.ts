/**
 * url_analyzer on the generated cases of test/fixtures/detectors/url-analyzer/url-cases.jsonl
 * (precision, recall and false-positive rate per reason, and "any reason" on the benign kinds),
 * plus the false-positive rate on text nobody here wrote: the BIPIA email, table and code
 * contexts and the CLINC150 requests (no URL there is malicious-shaped). Each sensitivity adds
 * its overall rows.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import detector from '../../../plugins/url-analyzer/index.js';
import { DEFAULT_SETTINGS, type UrlAnalyzerSettings } from '../../../plugins/url-analyzer/settings.js';
import { emptyCounts, rowFromCounts, tally, type DetectorEvaluation, type MetricsRow } from '../metrics.js';
import type { DetectorHit, InspectionRequest } from '../../../core/guardrail/detector.js';

const CASES = fileURLToPath(new URL('../../fixtures/detectors/url-analyzer/url-cases.jsonl', import.meta.url));
const NAME = 'url_analyzer';
export const REASONS = ['denied_domain', 'not_allowed', 'ip_literal', 'punycode', 'lookalike', 'shortener', 'credentials', 'data_uri', 'javascript', 'exfiltration'];

interface UrlCase {
  id: string;
  kind: string;
  text: string;
  labels: string[];
  settings?: Partial<UrlAnalyzerSettings>;
}

const request = (text: string): InspectionRequest => ({ direction: 'input', segments: [{ id: 0, text, source: 'prompt', role: 'user' }], attachments: [], attributes: {} });
const firedReasons = (hits: DetectorHit[]) => new Set(hits.filter((h) => h.confidence >= detector.defaultThreshold).map((h) => h.type.replace(/^url\./, '')));

/** The generated cases. */
export function readUrlCases(): UrlCase[] {
  return readFileSync(CASES, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as UrlCase);
}

const SENSITIVITIES = ['balanced', 'low', 'high'] as const;

/** Texts nobody here wrote, none holding a malicious-shaped URL: BIPIA contexts and CLINC150 requests. */
function foreignTexts(sharedDatasets: string): string[] {
  const texts: string[] = [];
  const bipia = join(sharedDatasets, 'bipia');
  for (const file of ['email_train.jsonl', 'table_train.jsonl', 'code_train.jsonl']) {
    const path = join(bipia, file);
    if (!existsSync(path)) continue;
    for (const line of readFileSync(path, 'utf8').split('\n').filter(Boolean)) {
      const context = (JSON.parse(line) as { context: unknown }).context;
      texts.push(Array.isArray(context) ? context.join('\n') : String(context));
    }
  }
  const clinc = join(sharedDatasets, 'direct-injection', 'clinc150.jsonl');
  if (existsSync(clinc)) for (const line of readFileSync(clinc, 'utf8').split('\n').filter(Boolean)) texts.push((JSON.parse(line) as { text: string }).text);
  return texts;
}

/**
 * The rows of one sensitivity: per reason and "any reason" on the generated cases, and the
 * false-positive rate on foreign text. `low` and `high` keep the overall rows only (the
 * operating points docs/detectors/url-analyzer.md publishes).
 */
async function measure(sensitivity: (typeof SENSITIVITIES)[number], cases: UrlCase[], foreign: string[]): Promise<MetricsRow[]> {
  const prefix = sensitivity === 'balanced' ? '' : `sensitivity ${sensitivity}: `;
  const instances = new Map<string, ReturnType<typeof detector.create>>();
  const perReason = new Map(REASONS.map((r) => [r, emptyCounts()]));
  const benignAny = emptyCounts();
  const maliciousAny = emptyCounts();
  for (const c of cases) {
    const key = JSON.stringify(c.settings ?? {});
    if (!instances.has(key)) instances.set(key, detector.create({ ...DEFAULT_SETTINGS, ...c.settings, sensitivity }));
    const fired = firedReasons(await instances.get(key)!.inspect(request(c.text)));
    for (const reason of REASONS) tally(perReason.get(reason)!, fired.has(reason), c.labels.includes(reason));
    tally(c.labels.length ? maliciousAny : benignAny, fired.size > 0, c.labels.length > 0);
  }
  const rows = sensitivity === 'balanced' ? REASONS.map((r) => rowFromCounts(NAME, `generated: url.${r}`, perReason.get(r)!)) : [];
  const all = emptyCounts();
  all.tp = maliciousAny.tp;
  all.fn = maliciousAny.fn;
  all.fp = benignAny.fp;
  all.tn = benignAny.tn;
  rows.push(rowFromCounts(NAME, `${prefix}generated: any reason`, all, `${cases.length} texts, ${benignAny.fp + benignAny.tn} benign`));
  if (foreign.length) {
    const d = detector.create({ ...DEFAULT_SETTINGS, sensitivity });
    const counts = emptyCounts();
    for (const t of foreign) tally(counts, firedReasons(await d.inspect(request(t))).size > 0, false);
    rows.push(rowFromCounts(NAME, `${prefix}bipia contexts + clinc150: any reason`, counts, 'all negatives: false-positive rate only'));
  }
  return rows;
}

export const evaluation: DetectorEvaluation = {
  name: NAME,
  async evaluate(sharedDatasets: string): Promise<MetricsRow[]> {
    const cases = readUrlCases();
    const foreign = foreignTexts(sharedDatasets);
    const rows: MetricsRow[] = [];
    for (const sensitivity of SENSITIVITIES) rows.push(...(await measure(sensitivity, cases, foreign)));
    return rows;
  },
};
