/** Deterministic tuning/held-out split of labelled rows by a hash of their id. */
import { fnv1a } from '../../datasets/fnv1a.js';

/** Rows whose FNV-1a hash of the id is odd are held out; even ones were used for tuning. */
export function isHeldOut(id: string): boolean {
  return fnv1a(id) % 2 === 1;
}
