/**
 * Request bodies taken in turn across load runs: each run goes on where the last one stopped.
 * A list handed to each run again starts over at its first body, which is right for bodies
 * that only vary the shape of the load, and wrong where the gateway remembers what it has seen
 * (the detectors' SegmentMemo): the next run would repeat what the last one just sent.
 */
export class BodyCycle {
  private next = 0;

  constructor(readonly bodies: readonly string[]) {
    if (bodies.length === 0) throw new Error('a BodyCycle needs at least one body');
  }

  take(): string {
    return this.bodies[this.next++ % this.bodies.length];
  }
}

/** Bodies made as they are needed, each taken once (e.g. never-repeating prompts). */
export interface BodySupplier {
  take(): string;
}

/**
 * What a load run sends: one body, a list started over by each run, or a supplier shared by runs
 * (a BodyCycle, or bodies made as needed).
 */
export type RequestBodies = string | readonly string[] | BodySupplier;

/** The next body of each request of one run. */
export function bodySource(body: RequestBodies): () => string {
  if (typeof body === 'string') return () => body;
  const supplier: BodySupplier = 'take' in body ? body : new BodyCycle(body);
  return () => supplier.take();
}
