/**
 * Counting what a process holds open, to show a fault leaked no socket or file descriptor:
 * a count before and after, compared with a tolerance once things had time to settle (sockets
 * close asynchronously, keep-alive pools keep a few), never by timing.
 */
import { readdirSync, readlinkSync } from 'node:fs';

/** Open file descriptors (Linux), and the TCP sockets Node holds (handles of any platform). */
export interface OpenHandles {
  fds: number;
  sockets: number;
}

export function openHandles(): OpenHandles {
  let fds = -1;
  try {
    fds = readdirSync('/proc/self/fd').length;
  } catch {
    // Not Linux: the socket count still says it.
  }
  return { fds, sockets: process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length };
}

/**
 * Waits (up to `settleMs`) until both counts are within `tolerance` of `baseline`; returns the
 * last counts either way, for the test to assert on.
 */
export async function settledHandles(baseline: OpenHandles, tolerance: number, settleMs = 5000): Promise<OpenHandles> {
  const until = Date.now() + settleMs;
  for (;;) {
    const now = openHandles();
    const fdsOk = baseline.fds < 0 || now.fds <= baseline.fds + tolerance;
    if ((fdsOk && now.sockets <= baseline.sockets + tolerance) || Date.now() > until) return now;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The files under `dir` this process holds open (Linux), or undefined where /proc does not tell. */
export function openFilesUnder(dir: string): string[] | undefined {
  let names: string[];
  try {
    names = readdirSync('/proc/self/fd');
  } catch {
    return undefined;
  }
  const held: string[] = [];
  for (const name of names) {
    try {
      const target = readlinkSync(`/proc/self/fd/${name}`);
      if (target.startsWith(dir)) held.push(target);
    } catch {
      // Closed between the listing and the read.
    }
  }
  return held;
}
