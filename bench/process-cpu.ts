/**
 * CPU time a process has used (user and system, all its threads: the JIT's and the garbage
 * collector's too), read from Linux /proc. The evaluate scenario divides it by the evaluations
 * answered: the cost of one evaluation on the gateway, whatever the host's other load does to the
 * wall clock.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's counters (100 on Linux, asked once). */
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** True where /proc gives processes' CPU time. */
export const HAS_PROC_CPU = existsSync('/proc/self/stat');

/** Milliseconds of CPU process `pid` has used so far (10 ms resolution at 100 ticks a second). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name and state.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Measures the CPU `pid` spends while `work` runs. */
export async function cpuDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; cpuMs: number }> {
  const before = processCpuMs(pid);
  const result = await work();
  return { result, cpuMs: processCpuMs(pid) - before };
}
