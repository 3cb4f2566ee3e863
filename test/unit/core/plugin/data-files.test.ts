/**
 * `pluginDataFile`: a plugin names a data file relative to its own module and finds it both from
 * its sources and compiled into dist/, where the package ships the file from the source tree.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'chai';
import { pluginDataFile } from '../../../../core/plugin/index.js';
import { tempDirForEachTest } from '../../../fixtures/files/temp-dir.js';

describe('core/plugin: pluginDataFile', () => {
  const dir = tempDirForEachTest('portcullis-data-files-');

  function file(path: string): string {
    const full = join(dir(), path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, '{}');
    return full;
  }
  const moduleUrl = (path: string) => pathToFileURL(join(dir(), path)).href;

  it('finds a file beside the module, from the sources', () => {
    const model = file('package/plugins/toxicity/model/weights.json');
    expect(pluginDataFile(moduleUrl('package/plugins/toxicity/model.ts'), 'model/weights.json')).to.equal(model);
  });

  it('finds a file named up from a subfolder of the plugin', () => {
    const list = file('package/plugins/dlp/lists/names.txt');
    expect(pluginDataFile(moduleUrl('package/plugins/dlp/recognizers/lexicon.ts'), '../lists/names.txt')).to.equal(list);
  });

  it('from dist/, finds the file the package ships outside dist/', () => {
    const model = file('package/plugins/prompt-guard/model.json');
    expect(pluginDataFile(moduleUrl('package/dist/plugins/prompt-guard/model-file.js'), 'model.json')).to.equal(model);
    const list = file('package/plugins/dlp/lists/names.txt');
    expect(pluginDataFile(moduleUrl('package/dist/plugins/dlp/recognizers/lexicon.js'), '../lists/names.txt')).to.equal(list);
  });

  it('from dist/, prefers a file copied beside the compiled module', () => {
    file('package/plugins/prompt-guard/model.json');
    const copied = file('package/dist/plugins/prompt-guard/model.json');
    expect(pluginDataFile(moduleUrl('package/dist/plugins/prompt-guard/model-file.js'), 'model.json')).to.equal(copied);
  });

  it('in a package built from src/ into dist/, finds a file at the package root from both', () => {
    const model = file('outside-plugin/model.json');
    expect(pluginDataFile(moduleUrl('outside-plugin/src/index.ts'), '../model.json')).to.equal(model);
    expect(pluginDataFile(moduleUrl('outside-plugin/dist/index.js'), '../model.json')).to.equal(model);
  });

  it('accepts the module URL as a URL object', () => {
    const model = file('package/plugins/toxicity/model.json');
    expect(pluginDataFile(new URL(moduleUrl('package/plugins/toxicity/model.ts')), 'model.json')).to.equal(model);
  });

  it('names the place beside the module when the file is nowhere, so reading it says where it belongs', () => {
    expect(pluginDataFile(moduleUrl('package/dist/plugins/prompt-guard/model-file.js'), 'model.json')).to.equal(
      join(dir(), 'package/dist/plugins/prompt-guard/model.json'),
    );
    expect(pluginDataFile(moduleUrl('package/plugins/prompt-guard/model-file.ts'), 'model.json')).to.equal(join(dir(), 'package/plugins/prompt-guard/model.json'));
  });
});
