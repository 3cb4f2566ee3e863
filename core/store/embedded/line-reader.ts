/**
 * Reads a file line by line with exact byte offsets, so the journal replay knows where the last
 * complete record ends and can cut off a torn tail.
 */
import { open } from 'node:fs/promises';

/** One line of a file, without its newline. */
export interface FileLine {
  text: string;
  /** Byte offset where the line starts. */
  start: number;
  /** Byte offset just past the line's newline (or past the text, when unterminated). */
  end: number;
  /** False for a last line with no newline: an append that did not finish. */
  terminated: boolean;
}

const CHUNK_BYTES = 1 << 20;

/** Yields the lines of `path` in order; a missing file yields nothing. */
export async function* readLines(path: string): AsyncGenerator<FileLine> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    let carry: Buffer = Buffer.alloc(0);
    let carryStart = 0;
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) break;
      // Split on the newline byte before decoding, so a multi-byte character cut by the chunk
      // boundary is decoded whole.
      let data = Buffer.concat([carry, chunk.subarray(0, bytesRead)]);
      let from = 0;
      for (let nl = data.indexOf(0x0a, from); nl !== -1; nl = data.indexOf(0x0a, from)) {
        yield {
          text: data.toString('utf8', from, nl),
          start: carryStart + from,
          end: carryStart + nl + 1,
          terminated: true,
        };
        from = nl + 1;
      }
      carryStart += from;
      data = data.subarray(from);
      carry = Buffer.from(data);
    }
    if (carry.length > 0) {
      yield { text: carry.toString('utf8'), start: carryStart, end: carryStart + carry.length, terminated: false };
    }
  } finally {
    await handle.close();
  }
}
