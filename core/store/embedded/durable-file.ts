/**
 * The two fs primitives durability rests on: writing a whole buffer (a single write call may be
 * short), and fsyncing a directory so a created or renamed file survives a power loss.
 */
import { open, type FileHandle } from 'node:fs/promises';

/** Writes every byte of `buffer` at the handle's current position (or end, in append mode). */
export async function writeAll(handle: FileHandle, buffer: Buffer): Promise<void> {
  let offset = 0;
  while (offset < buffer.length) {
    const { bytesWritten } = await handle.write(buffer, offset, buffer.length - offset, null);
    offset += bytesWritten;
  }
}

/** Flushes a directory's entries (new, renamed or removed files) to disk. */
export async function fsyncDirectory(dir: string): Promise<void> {
  // Windows cannot open a directory for fsync; its rename is durable on its own terms.
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
