/**
 * Span-overlap scoring against labelled PII. A gold span counts as found when a masked span of
 * a compatible type overlaps it; a masked span counts as correct when it overlaps a gold span
 * of a compatible type.
 */
import type { MetricsRow } from '../../metrics.js';
import type { FoundSpan } from './inspect-text.js';

/** A labelled span, with the dataset's own entity type. */
export interface GoldSpan {
  type: string;
  start: number;
  end: number;
  value: string;
}

/** Dataset type -> the row it is reported under (types not listed are not measured for recall). */
export const GOLD_TO_ROW: Record<string, string> = {
  EMAIL_ADDRESS: 'EMAIL_ADDRESS',
  PHONE_NUMBER: 'PHONE_NUMBER',
  CREDIT_CARD: 'CREDIT_CARD',
  IBAN_CODE: 'IBAN_CODE',
  US_SSN: 'US_SSN',
  IP_ADDRESS: 'IP_ADDRESS',
  PERSON: 'PERSON',
  STREET_ADDRESS: 'STREET_ADDRESS',
  GPE: 'LOCATION',
  LOCATION: 'LOCATION',
  // Only the project's fixtures label dates of birth; presidio's DATE_TIME is any date.
  DATE_OF_BIRTH: 'DATE_OF_BIRTH',
  // The opt-in types: presidio labels them under these names, the generated rows too.
  AGE: 'AGE',
  ORGANIZATION: 'ORGANIZATION',
  NRP: 'NRP',
  ZIP_CODE: 'ZIP_CODE',
  DOMAIN_NAME: 'DOMAIN_NAME',
};

/** Masked-token label -> dataset types it may overlap to be correct. */
export const COMPATIBLE: Record<string, string[]> = {
  EMAIL: ['EMAIL_ADDRESS'],
  PHONE: ['PHONE_NUMBER'],
  CARD: ['CREDIT_CARD'],
  IBAN: ['IBAN_CODE'],
  SSN: ['US_SSN'],
  IP: ['IP_ADDRESS'],
  DOB: ['DATE_TIME', 'DATE_OF_BIRTH'],
  PERSON: ['PERSON'],
  // Address blocks hold the town, region and postcode, which the data labels separately.
  ADDRESS: ['STREET_ADDRESS', 'GPE', 'LOCATION', 'ZIP_CODE'],
  LOCATION: ['GPE', 'LOCATION', 'STREET_ADDRESS', 'ZIP_CODE'],
  AGE: ['AGE'],
  ORG: ['ORGANIZATION'],
  NRP: ['NRP'],
  // A ZIP code sits inside an address block, which the data may label whole.
  ZIP: ['ZIP_CODE', 'STREET_ADDRESS'],
  // Presidio labels a whole URL as DOMAIN_NAME; an e-mail holds a domain too.
  DOMAIN: ['DOMAIN_NAME', 'URL', 'EMAIL_ADDRESS'],
};

/** The six types whose values must never stay readable after redaction. */
export const VALIDATED_TYPES = new Set(['EMAIL_ADDRESS', 'PHONE_NUMBER', 'CREDIT_CARD', 'IBAN_CODE', 'US_SSN', 'IP_ADDRESS']);

/** Running tallies per row. */
export class SpanTally {
  readonly gold = new Map<string, { found: number; total: number }>();
  readonly masked = new Map<string, { correct: number; total: number }>();
  readable = 0;
  validatedGold = 0;

  /** Scores one text. */
  add(gold: GoldSpan[], found: FoundSpan[], redacted: string): void {
    const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;
    for (const g of gold) {
      const row = GOLD_TO_ROW[g.type];
      if (!row) continue;
      const t = this.gold.get(row) ?? { found: 0, total: 0 };
      t.total++;
      if (found.some((f) => overlaps(f, g) && (COMPATIBLE[f.label] ?? []).includes(g.type))) t.found++;
      this.gold.set(row, t);
      if (VALIDATED_TYPES.has(g.type)) {
        this.validatedGold++;
        const compact = g.value.replace(/[\s().-]/g, '');
        if (redacted.includes(g.value) || (compact.length >= 6 && redacted.replace(/[\s().-]/g, '').includes(compact))) this.readable++;
      }
    }
    for (const f of found) {
      const t = this.masked.get(f.label) ?? { correct: 0, total: 0 };
      t.total++;
      if (gold.some((g) => overlaps(f, g) && (COMPATIBLE[f.label] ?? []).includes(g.type))) t.correct++;
      this.masked.set(f.label, t);
    }
  }

  /** One row per gold type plus an overall precision row and the readable-after-redaction row. */
  rows(detector: string, source: string): MetricsRow[] {
    const label: Record<string, string> = { DATE_OF_BIRTH: 'DOB', EMAIL_ADDRESS: 'EMAIL', PHONE_NUMBER: 'PHONE', CREDIT_CARD: 'CARD', IBAN_CODE: 'IBAN', US_SSN: 'SSN', IP_ADDRESS: 'IP', PERSON: 'PERSON', STREET_ADDRESS: 'ADDRESS', LOCATION: 'LOCATION', AGE: 'AGE', ORGANIZATION: 'ORG', NRP: 'NRP', ZIP_CODE: 'ZIP', DOMAIN_NAME: 'DOMAIN' };
    const rows: MetricsRow[] = [];
    for (const [type, g] of [...this.gold].sort()) {
      const m = this.masked.get(label[type]) ?? { correct: 0, total: 0 };
      const precision = m.total ? m.correct / m.total : 0;
      const recall = g.total ? g.found / g.total : 0;
      rows.push({ detector, slice: `${source} ${type}`, samples: g.total, positives: g.total, precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, fpr: 0, note: `${m.total - m.correct} masked spans matched no compatible label` });
    }
    let correct = 0;
    let total = 0;
    for (const m of this.masked.values()) {
      correct += m.correct;
      total += m.total;
    }
    let found = 0;
    let gold = 0;
    for (const g of this.gold.values()) {
      found += g.found;
      gold += g.total;
    }
    const precision = total ? correct / total : 0;
    const recall = gold ? found / gold : 0;
    rows.push({ detector, slice: `${source} all PII`, samples: gold, positives: gold, precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, fpr: 0, note: `${total} masked spans, ${total - correct} wrong` });
    rows.push({ detector, slice: `${source} readable after redaction`, samples: this.validatedGold, positives: this.validatedGold, precision: 0, recall: this.validatedGold ? 1 - this.readable / this.validatedGold : 0, f1: 0, fpr: 0, note: `${this.readable} of ${this.validatedGold} email/phone/card/IBAN/SSN/IP values left readable` });
    return rows;
  }
}
