import { expect } from 'chai';

/** Test helper: polls `condition` every 10 ms for up to two seconds, then asserts it holds. */
export async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).to.equal(true);
}
