/**
 * Text of the documents attached to a payload, as `document` segments for the other detectors
 * (prompt_guard, data_loss_prevention, indirect_prompt_injection, ...), extracted once by
 * doc_analyzer's `extractAttachments` (docs/detectors/doc-analyzer.md). Segments of documents a
 * tool returned carry the role `tool`, which indirect_prompt_injection reads as tool-sourced.
 */
import { extractAttachments, limitsOf } from '../../../plugins/doc-analyzer/index.js';
import { DEFAULT_SETTINGS, type DocAnalyzerSettings } from '../../../plugins/doc-analyzer/settings.js';
import type { InspectionRequest, InspectSegment } from '../detector.js';

/** Extraction limits: a doc_analyzer rule's validated settings when the policy has one, else its defaults. */
export function extractionSettings(settings: Record<string, unknown> | undefined): DocAnalyzerSettings {
  return settings ? { ...DEFAULT_SETTINGS, ...(settings as Partial<DocAnalyzerSettings>) } : DEFAULT_SETTINGS;
}

/**
 * The document segments of `request`, numbered after its own ids. Extracting through `request`
 * itself lets a doc_analyzer rule given the same request object reuse the parse (memoised).
 */
export async function documentSegments(request: InspectionRequest, settings: DocAnalyzerSettings): Promise<InspectSegment[]> {
  if (request.attachments.length === 0) return [];
  return (await extractAttachments(request, limitsOf(settings))).segments;
}
