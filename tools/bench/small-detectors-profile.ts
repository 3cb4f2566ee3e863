/**
 * One small detector alone in a loop over requests cut from the shared datasets (the
 * benchmark's 4 KB prompt and 512-byte tool result; its memo is off, so every pass reads each
 * text whole), for a CPU profile:
 *
 *   node --import tsx --cpu-prof --cpu-prof-dir=<dir> tools/bench/small-detectors-profile.ts <detector> [requests] [passes]
 *
 * Prints the CPU time per inspection (mean over the passes after a warm-up pass).
 */
import { benchDetectors, variedRequests } from '../../bench/detectors.js';

const [name, countArg, passesArg] = process.argv.slice(2);
if (!name) throw new Error('usage: small-detectors-profile.ts <detector> [requests] [passes]');
const [[, detector]] = await benchDetectors([name]);
const requests = variedRequests(Number(countArg ?? 3000));
const passes = Number(passesArg ?? 3);
for (const r of requests) detector.inspect(r);
const c0 = process.cpuUsage();
for (let p = 0; p < passes; p++) for (const r of requests) detector.inspect(r);
const used = process.cpuUsage(c0);
console.log(`${name}: ${((used.user + used.system) / (passes * requests.length)).toFixed(1)} µs CPU per inspection`);
