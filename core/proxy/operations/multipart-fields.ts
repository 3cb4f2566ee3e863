/**
 * Reads the text fields of a multipart/form-data body (RFC 7578) without touching the bytes:
 * the gateway needs a form's `model` (allow-lists, deployments, pins) but forwards the body
 * exactly as received. File parts are skipped, never decoded.
 */
import { GatewayError } from '../../errors/gateway-error.js';

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a multipart/form-data Content-Type, or undefined when it is not one. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType.trim())) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** The `name` and `filename` parameters of a part's Content-Disposition header. */
function disposition(headers: string): { name?: string; filename?: boolean } {
  const line = headers.split('\r\n').find((h) => /^content-disposition\s*:/i.test(h));
  if (!line) return {};
  const name = /;\s*name="([^"]*)"/i.exec(line)?.[1] ?? /;\s*name=([^;\s]+)/i.exec(line)?.[1];
  return { name, filename: /;\s*filename\*?=/i.test(line) };
}

const malformed = (why: string) => new GatewayError('invalid_request', { message: `malformed multipart/form-data body: ${why}` });

/**
 * The text fields of a multipart body (the first value of each name). Throws 400 when the body
 * does not follow the boundary it declares.
 */
export function multipartFields(body: Buffer, boundary: string): Record<string, string> {
  const delimiter = Buffer.from(`--${boundary}`);
  const fields: Record<string, string> = {};
  let at = body.indexOf(delimiter);
  if (at < 0) throw malformed('the declared boundary never appears');
  for (;;) {
    const after = at + delimiter.length;
    // `--boundary--` closes the form.
    if (body[after] === 0x2d && body[after + 1] === 0x2d) return fields;
    if (!body.subarray(after, after + 2).equals(CRLF)) throw malformed('a boundary is not followed by a line break');
    const headersEnd = body.indexOf(HEADER_END, after);
    if (headersEnd < 0) throw malformed('a part has no end of headers');
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), headersEnd + 4);
    if (next < 0) throw malformed('the closing boundary is missing');
    const { name, filename } = disposition(body.subarray(after + 2, headersEnd).toString('latin1'));
    if (name !== undefined && !filename && !(name in fields)) fields[name] = body.subarray(headersEnd + 4, next).toString('utf8');
    at = next + 2;
  }
}
