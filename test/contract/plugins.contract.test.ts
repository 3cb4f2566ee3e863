/**
 * Every built-in plugin keeps the plugin contract (STYLE.md section 8): its name is its folder's,
 * its settings schema compiles in strict mode with its examples valid and defaults applied, and
 * a pipeline plugin's setup taps only the hooks it declares.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { PROJECT_ROOT } from '../../core/paths/project-root.js';
import { createPluginHost, type PluginHost } from '../../core/plugin/host.js';
import { recordTaps } from '../../core/plugin/tap-recorder.js';
import { fakeKit } from '../../core/testing/fake-kit.js';
import { ajv } from '../../core/schema/ajv.js';

/** Plugin folders (a folder holding index.ts), relative to plugins/. */
function pluginFolders(dir = join(PROJECT_ROOT, 'plugins'), prefix = ''): string[] {
  if (existsSync(join(dir, 'index.ts'))) return [prefix];
  return readdirSync(dir)
    .filter((f) => statSync(join(dir, f)).isDirectory())
    .flatMap((f) => pluginFolders(join(dir, f), prefix ? `${prefix}/${f}` : f));
}

describe('contract: every built-in plugin', () => {
  let host: PluginHost;
  before(async () => {
    host = await createPluginHost();
  });

  it('is loaded from a folder named after it (kebab case of its snake_case name)', () => {
    const folders = pluginFolders().filter((f) => !f.startsWith('formats/'));
    const names = [...host.plugins.keys(), ...host.detectors.keys()].map((n) => n.replace(/_/g, '-')).sort();
    expect(names).to.deep.equal(folders.sort());
    const formats = pluginFolders().filter((f) => f.startsWith('formats/')).map((f) => f.slice('formats/'.length));
    expect([...host.formats.keys()].sort()).to.deep.equal(formats.sort());
  });

  it('ships a settings schema that compiles strictly, described, with valid examples and defaults applied', () => {
    for (const definition of [...host.plugins.values(), ...host.detectors.values()]) {
      const file = join(PROJECT_ROOT, 'schemas/plugins', `${definition.name}.schema.json`);
      expect(existsSync(file), `${definition.name}: schemas/plugins/${definition.name}.schema.json`).to.equal(true);
      const schema = JSON.parse(readFileSync(file, 'utf8')) as { $id: string; title: string; additionalProperties: unknown; examples?: unknown[]; properties?: Record<string, { description?: unknown }> };
      expect(schema.$id, definition.name).to.equal(definition.schemaId);
      for (const [property, spec] of Object.entries(schema.properties ?? {})) expect(spec.description, `${definition.name}.${property} has a description`).to.be.a('string');
      expect(schema.title, definition.name).to.match(/^[A-Z][A-Za-z0-9]+$/);
      expect(schema.additionalProperties, definition.name).to.equal(false);
      expect(schema.examples?.length, `${definition.name} has examples`).to.be.greaterThan(0);
      const validate = ajv.getSchema(schema.$id)!;
      for (const example of schema.examples ?? []) expect(validate(structuredClone(example)), `${definition.name}: ${JSON.stringify(validate.errors)}`).to.equal(true);
      expect(() => host.validateSettings(definition.name, schema.examples![0])).to.not.throw();
    }
  });

  it('taps only the hooks it declares, with its own name', async () => {
    for (const definition of host.plugins.values()) {
      const schema = JSON.parse(readFileSync(join(PROJECT_ROOT, 'schemas/plugins', `${definition.name}.schema.json`), 'utf8')) as { examples: object[] };
      const settings = host.validateSettings(definition.name, schema.examples[0]);
      const recorder = recordTaps(definition.name, definition.stages);
      // The recorder throws on any tap outside the declared stages or under another name.
      await definition.setup(recorder.hooks, fakeKit(settings));
      for (const tap of recorder.taps) expect(definition.stages, definition.name).to.include(tap.hook);
    }
  });
});
