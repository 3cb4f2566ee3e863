/**
 * multipart/form-data bodies written byte by byte rather than by a FormData encoder: a quoted
 * boundary with unusual characters, part headers in mixed case and an extra header on every
 * part. Any re-encoding between client and upstream would change these bytes. (No preamble:
 * RFC 2046 allows one, but the fakes' parser, undici's, refuses it.)
 */

export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

export interface HandBuiltForm {
  body: Buffer;
  contentType: string;
}

/** The form of `parts`, with `boundary`. */
export function handBuiltForm(parts: readonly FormPart[], boundary = "gc0p4Jq0M2Yt08j+34z'(x)=_,.-:?"): HandBuiltForm {
  const chunks: Buffer[] = [];
  for (const [i, part] of parts.entries()) {
    const disposition = `${i % 2 ? 'content-disposition' : 'Content-Disposition'}: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? `Content-Type: ${part.type ?? 'application/octet-stream'}` : 'Content-Type: text/plain; charset=UTF-8';
    chunks.push(Buffer.from(`--${boundary}\r\n${disposition}\r\n${type}\r\nX-Part-Index: ${i}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary="${boundary}"` };
}

/** The bytes an upstream fake recorded (it keeps bodies as UTF-8 text). */
export const recordedBytes = (body: unknown): Buffer => Buffer.from(typeof body === 'string' ? body : JSON.stringify(body), 'utf8');
