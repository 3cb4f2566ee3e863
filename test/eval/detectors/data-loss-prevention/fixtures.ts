/** The project's own data_loss_prevention fixtures (test/fixtures/detectors/, see its README). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../../core/paths/project-root.js';
import type { LabelledText } from './presidio.js';

/** One secrets fixture row: label 1 is a provider-format secret, 0 a look-alike. */
export interface SecretFixture {
  id: string;
  text: string;
  label: 0 | 1;
  kind: string;
}

const readJsonl = <T>(name: string): T[] =>
  readFileSync(join(PROJECT_ROOT, 'test/fixtures/detectors', name), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);

/** Provider-format keys and look-alikes. */
export function secretFixtures(): SecretFixture[] {
  return readJsonl<SecretFixture>('secrets.jsonl');
}

/** Generated emails, SSNs, IPs and IBANs with their spans, plus near misses with none. */
export function validatedPiiFixtures(): LabelledText[] {
  return readJsonl<{ id: string; text: string; spans: Array<{ entity_type: string; start: number; end: number; value: string }> }>('pii-validated.jsonl').map((r) => ({
    id: r.id,
    text: r.text,
    spans: r.spans.map((s) => ({ type: s.entity_type, start: s.start, end: s.end, value: s.value })),
  }));
}
