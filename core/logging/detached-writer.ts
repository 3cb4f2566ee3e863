/**
 * Log text written to a file descriptor (standard error) without the event loop ever waiting for
 * it, in bounded memory. When the log reader falls behind (a shipper, a container runtime under
 * load, a terminal scrolled back), Node's own standard error either waits (a socket: every
 * request the gateway serves stalls once its buffer is full) or queues without bound (a pipe:
 * the process grows by every line). Here the writes run on libuv's thread pool, one at a time and
 * in order, while the event loop queues what comes next. The queue is bounded: past it, lines are
 * dropped and counted, and a notice line says how many where they went missing. At exit what is
 * queued is written synchronously, so a process that logs and exits loses none of it.
 */
import { write, writeSync } from 'node:fs';

/** Text held at most (in UTF-16 code units) while the reader does not keep up: about 8 MB of ASCII log lines. */
export const MAX_QUEUED = 8 << 20;

/**
 * Bytes a write holds at most, cut at a line's end: the size the kernel writes to a pipe in one
 * piece, so a line the process logger writes meanwhile never lands inside one of these lines.
 */
const PIPE_ATOMIC = 4096;

const NEWLINE = 0x0a;

/** How long to wait before writing again to a descriptor that was left non-blocking and is full. */
const RETRY_MS = 10;
/** How long the exit waits at most for such a descriptor to take what is queued. */
const EXIT_PATIENCE_MS = 1000;

function lineCount(text: string): number {
  let n = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

export class DetachedWriter {
  private queued: string[] = [];
  private queuedLength = 0;
  /** The buffer being written on the thread pool, and the end of its piece in flight. */
  private current: { buffer: Buffer; end: number } | undefined;
  private dropped = 0;
  private droppedSinceStart = 0;
  /** The reader is gone (EPIPE, a closed descriptor): nothing more is written. */
  private closed = false;
  private exiting = false;

  /**
   * `droppedNotice(count)`: the line (ending in a newline) that stands where `count` lines were
   * dropped; `maxQueued`: the bound of the queue.
   */
  constructor(
    private readonly fd: number,
    private readonly droppedNotice: (count: number) => string,
    private readonly maxQueued = MAX_QUEUED,
  ) {
    process.once('exit', () => {
      this.exiting = true;
      this.writeRestNow();
    });
  }

  /** Queues `text` (whole lines, each ending in a newline) and starts writing it when no write is running. */
  write(text: string): void {
    if (this.closed) return;
    if (this.queuedLength + text.length > this.maxQueued) {
      const lines = lineCount(text);
      this.dropped += lines;
      this.droppedSinceStart += lines;
      return;
    }
    this.noteDropped();
    this.queued.push(text);
    this.queuedLength += text.length;
    if (this.exiting) this.writeRestNow();
    else if (!this.current) this.writeNext();
  }

  /** Lines dropped and not yet reported by a notice. */
  get droppedLines(): number {
    return this.dropped;
  }

  /** Lines dropped since the writer was made (the metric `portcullis_log_lines_dropped_total`). */
  get droppedTotal(): number {
    return this.droppedSinceStart;
  }

  /** Queues the notice of the lines dropped since the last one, if any were. */
  private noteDropped(): void {
    if (this.dropped === 0) return;
    const notice = this.droppedNotice(this.dropped);
    this.dropped = 0;
    this.queued.push(notice);
    this.queuedLength += notice.length;
  }

  /** Everything queued, as one buffer, and an empty queue. */
  private takeQueued(): Buffer {
    const buffer = Buffer.from(this.queued.length === 1 ? this.queued[0]! : this.queued.join(''), 'utf8');
    this.queued = [];
    this.queuedLength = 0;
    return buffer;
  }

  private writeNext(): void {
    // Lines dropped at the end of a burst are reported once the queue has room again.
    if (this.queued.length === 0) this.noteDropped();
    if (this.queued.length === 0 || this.closed) {
      this.current = undefined;
      return;
    }
    this.writeFrom(this.takeQueued(), 0);
  }

  /** Writes `buffer` from `offset` in pieces that end at a line's end, then whatever was queued meanwhile. */
  private writeFrom(buffer: Buffer, offset: number): void {
    if (offset >= buffer.length) {
      this.writeNext();
      return;
    }
    const end = pieceEnd(buffer, offset);
    this.current = { buffer, end };
    write(this.fd, buffer, offset, end - offset, null, (err, written) => {
      if (this.exiting) return;
      if (!err) {
        this.writeFrom(buffer, offset + written);
        return;
      }
      if (err.code === 'EAGAIN') {
        setTimeout(() => this.writeFrom(buffer, offset), RETRY_MS).unref();
        return;
      }
      // The reader is gone: there is no one to write to any more.
      this.closed = true;
      this.current = undefined;
      this.queued = [];
      this.queuedLength = 0;
    });
  }

  /**
   * At exit: writes synchronously the rest of the buffer being written and what is queued. The
   * piece already handed to the thread pool is not written again: it lands when the reader takes
   * it, which may be after these lines, or is lost if the process ends before the reader reads.
   */
  private writeRestNow(): void {
    if (this.closed) return;
    const current = this.current;
    this.current = undefined;
    if (current) this.writeNow(current.buffer, current.end);
    this.noteDropped();
    if (this.queued.length > 0) this.writeNow(this.takeQueued(), 0);
  }

  private writeNow(buffer: Buffer, from: number): void {
    const giveUpAt = Date.now() + EXIT_PATIENCE_MS;
    let offset = from;
    while (offset < buffer.length && !this.closed) {
      try {
        offset += writeSync(this.fd, buffer, offset, buffer.length - offset);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN' || Date.now() > giveUpAt) this.closed = true;
      }
    }
  }
}

/** Where the piece of `buffer` from `offset` ends: at the last line end within PIPE_ATOMIC bytes, or at the first after them for a longer line. */
function pieceEnd(buffer: Buffer, offset: number): number {
  const limit = offset + PIPE_ATOMIC;
  if (limit >= buffer.length) return buffer.length;
  const lastInLimit = buffer.lastIndexOf(NEWLINE, limit - 1);
  if (lastInLimit >= offset) return lastInLimit + 1;
  const next = buffer.indexOf(NEWLINE, limit);
  return next === -1 ? buffer.length : next + 1;
}
