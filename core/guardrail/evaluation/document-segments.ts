/**
 * Text of the documents attached to a payload, as `document` segments for the other detectors
 * (prompt_guard, data_loss_prevention, indirect_prompt_injection, ...), extracted by
 * doc_analyzer's `extractAttachments`. Documents a tool returned get the role `tool`, which
 * indirect_prompt_injection reads as tool-sourced.
 */
import { extractAttachments, limitsOf } from '../../../plugins/doc-analyzer/index.js';
import type { DocAnalyzerSettings } from '../../../plugins/doc-analyzer/settings.js';
import { DEFAULT_SETTINGS } from '../../../plugins/doc-analyzer/settings.js';
import type { InspectionRequest, InspectSegment } from '../detector.js';

/** Extraction limits: a doc_analyzer rule's settings when the policy has one, else its defaults. */
export function extractionSettings(settings: Record<string, unknown> | undefined): DocAnalyzerSettings {
  return settings ? { ...DEFAULT_SETTINGS, ...(settings as Partial<DocAnalyzerSettings>) } : DEFAULT_SETTINGS;
}

const asTool = (segments: InspectSegment[]): InspectSegment[] => segments.map((s) => ({ ...s, role: 'tool' }));

/**
 * The document segments of `request`. The common case (all attachments from the user, or all
 * from tools) extracts through `request` itself, so a doc_analyzer rule given the same request
 * object reuses the parse; a mix is extracted per origin so the two can be told apart.
 */
export async function documentSegments(request: InspectionRequest, settings: DocAnalyzerSettings): Promise<InspectSegment[]> {
  if (request.attachments.length === 0) return [];
  const limits = limitsOf(settings);
  const fromTool = request.attachments.filter((a) => a.from_tool);
  if (fromTool.length === 0) return (await extractAttachments(request, limits)).segments;
  if (fromTool.length === request.attachments.length) return asTool((await extractAttachments(request, limits)).segments);

  const user = await extractAttachments({ ...request, attachments: request.attachments.filter((a) => !a.from_tool) }, limits);
  const tool = await extractAttachments({ ...request, attachments: fromTool }, limits);
  // Renumber past every id of the request: the two extractions numbered independently.
  let next = 1 + Math.max(-1, ...request.segments.map((s) => s.id), ...request.attachments.map((a) => a.id));
  return [...user.segments, ...asTool(tool.segments)].map((s) => ({ ...s, id: next++ }));
}
