/**
 * doc_analyzer on the document cases of test/fixtures/detectors/doc-analyzer/doc-cases.jsonl
 * (PDF, DOCX, HTML and text documents built from BIPIA e-mails and tables, with and without
 * hidden BIPIA attack strings): precision, recall and false-positive rate per reason, and
 * hidden_instruction per format. Then the hidden-text instruction scorer alone: BIPIA attack
 * strings against benign text that is instruction-like on purpose (NotInject, CLINC150 requests,
 * BIPIA e-mail sentences), with recall at 1% and 2% false positives, and on data its cues were
 * not written against (JailbreakBench prompts against WildGuardTest benign prompts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import detector from '../../../plugins/doc-analyzer/index.js';
import { DEFAULT_SETTINGS, type DocAnalyzerSettings } from '../../../plugins/doc-analyzer/settings.js';
import { scoreInstructions } from '../../../plugins/doc-analyzer/instruction-cues.js';
import { buildPdf, type PdfSpec } from '../../fixtures/detectors/doc-analyzer/build-pdf.js';
import { buildDocx, type DocxSpec } from '../../fixtures/detectors/doc-analyzer/build-docx.js';
import { emptyCounts, recallAtFpr, rowFromCounts, tally, type Counts, type DetectorEvaluation, type MetricsRow } from '../metrics.js';
import type { InspectionRequest } from '../../../core/guardrail/detector.js';

const CASES = fileURLToPath(new URL('../../fixtures/detectors/doc-analyzer/doc-cases.jsonl', import.meta.url));
const NAME = 'doc_analyzer';
const REASONS = ['hidden_text', 'hidden_instruction', 'metadata_instruction', 'invisible_chars', 'too_large', 'unreadable'] as const;
const MEDIA: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  html: 'text/html',
  text: 'text/plain',
};

interface DocCase {
  id: string;
  kind: string;
  format: 'pdf' | 'docx' | 'html' | 'text';
  labels: Partial<Record<(typeof REASONS)[number], 1>>;
  settings?: Partial<DocAnalyzerSettings>;
  pdf?: PdfSpec;
  docx?: DocxSpec;
  html?: string;
  text?: string;
  corrupt?: true;
}

async function bytesOf(c: DocCase): Promise<Uint8Array> {
  if (c.corrupt) {
    const junk = Buffer.from(c.text ?? '');
    return c.format === 'pdf' ? Buffer.concat([Buffer.from('%PDF-1.7\n'), junk]) : Buffer.concat([Buffer.from('PK\u0003\u0004word/document.xml'), junk]);
  }
  if (c.format === 'pdf') return buildPdf(c.pdf!);
  if (c.format === 'docx') return buildDocx(c.docx!);
  return Buffer.from(c.format === 'html' ? c.html! : c.text!);
}

function readJsonl<T>(path: string): T[] {
  return readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as T);
}

async function scorerRows(datasets: string): Promise<MetricsRow[]> {
  const bipia = join(datasets, 'bipia');
  const di = join(datasets, 'direct-injection');
  if (!existsSync(bipia) || !existsSync(di)) return [];
  const attacks = [
    ...Object.values(JSON.parse(readFileSync(join(bipia, 'text_attack_train.json'), 'utf8')) as Record<string, string[]>).flat(),
    ...Object.values(JSON.parse(readFileSync(join(bipia, 'code_attack_train.json'), 'utf8')) as Record<string, string[]>).flat(),
  ];
  const emailSentences = readJsonl<{ context: string }>(join(bipia, 'email_train.jsonl'))
    .flatMap((r) => r.context.split(/(?<=[.!?])\s+|\|/))
    .filter((s) => s.trim().length >= 20);
  // Every 10th CLINC150 request: everyday instructions to an assistant, the hardest negatives here.
  const clinc = readJsonl<{ text: string }>(join(di, 'clinc150.jsonl')).filter((_, i) => i % 10 === 0).map((r) => r.text);
  const notinject = readJsonl<{ text: string }>(join(di, 'notinject.jsonl')).map((r) => r.text);
  const rows: MetricsRow[] = [];
  for (const [slice, negatives] of [['bipia email sentences', emailSentences], ['notinject', notinject], ['clinc150 (1 in 10)', clinc]] as const) {
    const scored = [...attacks.map((t) => ({ score: scoreInstructions(t).score, label: true })), ...negatives.map((t) => ({ score: scoreInstructions(t).score, label: false }))];
    const counts = emptyCounts();
    for (const s of scored) tally(counts, s.score >= detector.defaultThreshold, s.label);
    const row = rowFromCounts(NAME, `instruction scorer: bipia attacks vs ${slice}`, counts, 'text alone, no document');
    row.recall_at_fpr1 = recallAtFpr(scored, 0.01);
    row.recall_at_fpr2 = recallAtFpr(scored, 0.02);
    rows.push(row);
  }
  // Data the cues were not written against: direct jailbreak prompts against adversarial-looking benign prompts.
  const jailbreaks = readJsonl<{ text: string }>(join(di, 'jailbreakbench.jsonl')).map((r) => ({ score: scoreInstructions(r.text).score, label: true }));
  const wildguard = readJsonl<{ text: string }>(join(di, 'wildguardtest-benign.jsonl')).map((r) => ({ score: scoreInstructions(r.text).score, label: false }));
  const scored = [...jailbreaks, ...wildguard];
  const counts = emptyCounts();
  for (const s of scored) tally(counts, s.score >= detector.defaultThreshold, s.label);
  const row = rowFromCounts(NAME, 'instruction scorer: jailbreakbench vs wildguardtest-benign', counts, 'not tuned on; text alone');
  row.recall_at_fpr1 = recallAtFpr(scored, 0.01);
  row.recall_at_fpr2 = recallAtFpr(scored, 0.02);
  rows.push(row);
  return rows;
}

const SENSITIVITIES = ['balanced', 'low', 'high'] as const;

/**
 * The document cases at one sensitivity: per reason and per format at balanced; the invisible
 * characters (the finding the sensitivity moves) and any reason at the others.
 */
async function documentRows(cases: DocCase[], sensitivity: (typeof SENSITIVITIES)[number]): Promise<MetricsRow[]> {
  const perReason = new Map<string, Counts>(REASONS.map((r) => [r, emptyCounts()]));
  const instructionByFormat = new Map<string, Counts>();
  const any = emptyCounts();
  const instances = new Map<string, ReturnType<typeof detector.create>>();
  for (const c of cases) {
    const key = JSON.stringify(c.settings ?? {});
    if (!instances.has(key)) instances.set(key, detector.create({ ...DEFAULT_SETTINGS, ...c.settings, sensitivity }));
    const request: InspectionRequest = {
      direction: 'input',
      segments: [{ id: 0, text: 'Summarise the attached document.', source: 'prompt', role: 'user' }],
      attachments: [{ id: 1, media_type: MEDIA[c.format], data: Buffer.from(await bytesOf(c)).toString('base64') }],
      attributes: {},
    };
    const hits = await instances.get(key)!.inspect(request);
    const fired = new Set(hits.filter((h) => h.confidence >= detector.defaultThreshold).map((h) => h.type.replace(/^doc\./, '')));
    for (const reason of REASONS) tally(perReason.get(reason)!, fired.has(reason), c.labels[reason] === 1);
    tally(any, fired.size > 0, REASONS.some((r) => c.labels[r] === 1));
    if (!instructionByFormat.has(c.format)) instructionByFormat.set(c.format, emptyCounts());
    tally(instructionByFormat.get(c.format)!, fired.has('hidden_instruction'), c.labels.hidden_instruction === 1);
  }
  if (sensitivity !== 'balanced') {
    const prefix = `sensitivity ${sensitivity}: `;
    return [rowFromCounts(NAME, `${prefix}documents: doc.invisible_chars`, perReason.get('invisible_chars')!), rowFromCounts(NAME, `${prefix}documents: any reason`, any)];
  }
  const rows = REASONS.map((r) => rowFromCounts(NAME, `documents: doc.${r}`, perReason.get(r)!));
  rows.push(rowFromCounts(NAME, 'documents: any reason', any));
  for (const [format, counts] of instructionByFormat) rows.push(rowFromCounts(NAME, `documents (${format}): doc.hidden_instruction`, counts));
  return rows;
}

export const evaluation: DetectorEvaluation = {
  name: NAME,
  async evaluate(sharedDatasets: string): Promise<MetricsRow[]> {
    const cases = readJsonl<DocCase>(CASES);
    const rows: MetricsRow[] = [];
    rows.push(...(await documentRows(cases, 'balanced')));
    rows.push(...(await scorerRows(sharedDatasets)));
    for (const sensitivity of ['low', 'high'] as const) rows.push(...(await documentRows(cases, sensitivity)));
    return rows;
  },
};
