/**
 * `npm test` passes in a clone of this repository alone: no test, fixture or support file reads
 * the labelled datasets that live outside it (a datasets folder beside the checkout, or
 * `PORTCULLIS_DATASETS`). Only the evaluation (`npm run eval:detectors`, test/eval/) and the
 * scripts that build committed fixtures from those datasets (test/fixtures/**\/build-*.ts,
 * generate-*.ts) may.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { expect } from 'chai';
import { PROJECT_ROOT } from '../../core/paths/project-root.js';

// A path into a datasets folder anywhere but the repository's own test/eval/datasets, or the ways the evaluation finds it.
const OUTSIDE_DATA = /(?<!eval)\/datasets\b|PORTCULLIS_DATASETS|DATASETS_DIR|datasets-dir/;

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

const mayReadDatasets = (path: string) => path.startsWith(join(PROJECT_ROOT, 'test', 'eval')) || /^(build|generate)-/.test(basename(path));

describe('the test suite is self-contained', () => {
  it('reads no dataset from outside the repository', () => {
    const self = join(PROJECT_ROOT, 'test', 'unit', 'self-contained.test.ts');
    // The integration packages' own tests run in `npm test` too.
    const integrationTests = readdirSync(join(PROJECT_ROOT, 'integrations'))
      .map((name) => join(PROJECT_ROOT, 'integrations', name, 'test'))
      .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory());
    const readers = [join(PROJECT_ROOT, 'test'), ...integrationTests]
      .flatMap((dir) => files(dir))
      .filter((path) => path !== self && !mayReadDatasets(path) && OUTSIDE_DATA.test(readFileSync(path, 'utf8')))
      .map((path) => relative(PROJECT_ROOT, path));
    expect(readers).to.deep.equal([]);
  });
});
