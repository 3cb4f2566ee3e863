/**
 * data_loss_prevention measured on:
 * - presidio-research synthetic PII, held-out half (odd FNV-1a hash of the text; the even half
 *   was used for tuning). Presidio types map to ours: EMAIL_ADDRESS, PHONE_NUMBER, CREDIT_CARD,
 *   IBAN_CODE, US_SSN, IP_ADDRESS, PERSON, STREET_ADDRESS as named; GPE and LOCATION -> LOCATION.
 *   A gold span is found when a masked span of a compatible type overlaps it (addresses and
 *   locations are compatible with each other and with ZIP_CODE, since an address block holds
 *   the town and postcode); precision counts masked spans overlapping no compatible gold span.
 * - test/fixtures/detectors/pii-validated.jsonl: generated emails, SSNs, IPs, IBANs and near misses.
 * - test/fixtures/detectors/secrets.jsonl: provider-format keys (recall per type) and
 *   look-alikes (false positives per kind).
 * - held-out (split `held-out`): test/eval/held-out/data_loss_prevention/pii-*.jsonl, generated
 *   positives and look-alikes (tools/eval/data_loss_prevention/pii-generate.ts) and rows of
 *   presidio-research's own generated test files, scored by span per entity type and per
 *   category (look-alikes by the share of rows flagged).
 * - the measured operating points: each sensitivity with the default PII types and with every
 *   PII type, on held-out and development data, printed as the markdown table of
 *   docs/detectors/data-loss-prevention.md.
 * Each PII source also reports how many email/phone/card/IBAN/SSN/IP values stay readable
 * after the redactions are applied.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { emptyCounts, rowFromCounts, tally, type DetectorEvaluation, type MetricsRow } from '../metrics.js';
import { allEntitiesDetector, applyRedactions, defaultDetector, inspectText } from './data-loss-prevention/inspect-text.js';
import { presidioSamples, type LabelledText } from './data-loss-prevention/presidio.js';
import { secretFixtures, validatedPiiFixtures } from './data-loss-prevention/fixtures.js';
import { SpanTally } from './data-loss-prevention/span-scoring.js';
import { categoryRows, heldOutPiiRows, operatingPointRows, operatingPointsMarkdown } from './data-loss-prevention/held-out.js';

const NAME = 'data_loss_prevention';

function scoreTexts(samples: LabelledText[], source: string, split: 'development' | 'held-out' = 'development'): MetricsRow[] {
  // Every type on: the rows report each type's precision, opt-in types included.
  const d = allEntitiesDetector();
  const tally = new SpanTally();
  for (const s of samples) {
    const { hits, spans } = inspectText(d, s.text);
    tally.add(s.spans, spans, applyRedactions(s.text, hits));
  }
  return tally.rows(NAME, source).map((r) => ({ ...r, split }));
}

function scoreSecrets(): MetricsRow[] {
  const d = defaultDetector();
  const byKind = new Map<string, ReturnType<typeof emptyCounts>>();
  const providers = emptyCounts();
  const lookalikes = emptyCounts();
  for (const r of secretFixtures()) {
    const { hits } = inspectText(d, r.text);
    const secret = hits.find((h) => h.type === 'secret');
    // A positive counts when its own entity type is reported; any secret hit on a look-alike is a false positive.
    const predicted = r.label === 1 ? !!secret?.entities.includes(r.kind) : !!secret;
    const key = r.label === 1 ? `secrets ${r.kind}` : `look-alike ${r.kind}`;
    const c = byKind.get(key) ?? emptyCounts();
    tally(c, predicted, r.label === 1);
    byKind.set(key, c);
    tally(r.label === 1 ? providers : lookalikes, predicted, r.label === 1);
  }
  const all = emptyCounts();
  for (const k of ['tp', 'fp', 'tn', 'fn'] as const) all[k] = providers[k] + lookalikes[k];
  return [
    rowFromCounts(NAME, 'secrets: provider keys vs look-alikes', all, `${providers.tp}/${providers.tp + providers.fn} keys found, ${lookalikes.fp}/${lookalikes.fp + lookalikes.tn} look-alikes flagged`),
    ...[...byKind].sort().map(([k, c]) => rowFromCounts(NAME, k, c)),
  ];
}

export const evaluation: DetectorEvaluation = {
  name: NAME,
  async evaluate(datasets: string): Promise<MetricsRow[]> {
    const rows: MetricsRow[] = [];
    const hasPresidio = existsSync(join(datasets, 'presidio-synth'));
    if (hasPresidio) rows.push(...scoreTexts(presidioSamples(datasets, 'held-out'), 'presidio held-out'));
    else console.log(`data_loss_prevention: no presidio-synth under ${datasets}; its development rows are skipped`);
    rows.push(...scoreTexts(validatedPiiFixtures(), 'fixtures'));
    const heldOut = heldOutPiiRows();
    rows.push(...scoreTexts(heldOut, 'held-out PII', 'held-out'));
    rows.push(...categoryRows(NAME, heldOut));
    const points = [...operatingPointRows(NAME, 'held-out PII', 'held-out', heldOut)];
    if (hasPresidio) points.push(...operatingPointRows(NAME, 'presidio', 'development', presidioSamples(datasets, 'held-out')));
    rows.push(...points);
    console.log(`\n### Measured operating points (data_loss_prevention PII)\n\n${operatingPointsMarkdown(points)}\n`);
    rows.push(...scoreSecrets());
    return rows;
  },
};
