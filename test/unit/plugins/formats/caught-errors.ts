import { expect } from 'chai';

/** Test helper: the error `run` throws, asserted to be a `type`; the test fails when nothing is thrown. */
export function thrownBy<E>(type: new (...args: never[]) => E, run: () => unknown): E {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(type);
    return error as E;
  }
  expect.fail(`expected a ${type.name}`);
}

/** Test helper: what `run` rejects with, or undefined when it resolves. */
export async function rejectionOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return undefined;
}
