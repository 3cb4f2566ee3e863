import { expect } from 'chai';
import { staleTypes } from '../../../../core/schema/generate-types.js';

describe('core/generated: types generated from schemas/', () => {
  it('are up to date with every plugin-settings and record schema (npm run gen:types)', async function () {
    this.timeout(60_000);
    expect(await staleTypes(), 'schemas changed: run npm run gen:types and commit core/generated').to.deep.equal([]);
  });
});
