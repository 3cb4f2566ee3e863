/** Media types for Responses API `file_data` that carries raw base64 without a data-URL prefix. */

const EXTENSION_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/html',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** A media type for raw base64 `file_data` without a data-URL prefix, guessed from the filename. */
export function mediaTypeForFilename(filename: string | undefined): string {
  const ext = filename?.split('.').pop()?.toLowerCase();
  return (ext && EXTENSION_TYPES[ext]) || 'application/octet-stream';
}
