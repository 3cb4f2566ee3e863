/**
 * Third-party plugins named by npm package: `createPluginHost([name])` imports the package and
 * registers its definition (with the schema it ships); an unknown package and every load check
 * (plugin API range, semver version, snake_case name, dependsOn, a schema that does not
 * compile) are refused with a PluginLoadError naming the package and the problem.
 *
 * A bare package name resolves the way Node resolves imports from Portcullis's own modules, so
 * the test packages are written under this repository's node_modules/ (unique names, removed
 * afterwards).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { createPluginHost, PluginLoadError, SettingsError, type PluginHost } from '../../../../core/plugin/host.js';
import { CORE_API_VERSION } from '../../../../core/plugin/types.js';
import { makeTempDir, removeTempDir } from '../../../fixtures/files/temp-dir.js';

const NODE_MODULES = fileURLToPath(new URL('../../../../node_modules/', import.meta.url));

interface PackageOptions {
  /** Fields of the exported definition (a valid policy plugin unless overridden). */
  definition?: Record<string, unknown>;
  /** Leave out the inline schema. */
  noSchema?: boolean;
  /** The node_modules folder to install into (default: the repository's). */
  nodeModules?: string;
}

describe('plugin host: third-party plugins by package name, and the load checks', () => {
  const created: string[] = [];
  let cwd: string;

  before(() => {
    cwd = makeTempDir('portcullis-plugin-cwd-');
  });
  after(() => {
    for (const dir of created) rmSync(dir, { recursive: true, force: true });
    removeTempDir(cwd);
  });

  /** Writes `node_modules/<unique name>/` (package.json with `main`, an ES module exporting the definition); returns the name. */
  function makePackage(options: PackageOptions = {}): { name: string; schemaId: string } {
    const name = `portcullis-test-plugin-${randomBytes(6).toString('hex')}`;
    const schemaId = `https://portcullis.dev/test/${name}.schema.json`;
    const schema = {
      $id: schemaId,
      title: 'PackagedSettings',
      type: 'object',
      additionalProperties: false,
      properties: {
        tag: { type: 'string', minLength: 1, default: 'packaged', description: 'Tag written on requests.' },
        limit: { type: 'integer', minimum: 1, default: 5, description: 'A bound.' },
      },
      examples: [{ tag: 'a' }],
    };
    const definition = {
      kind: 'plugin',
      name: 'packaged_tagger',
      version: '1.2.3',
      coreApi: '^1.0.0',
      schemaId,
      ...(options.noSchema ? {} : { schema }),
      category: 'policy',
      stages: ['admit'],
      ...options.definition,
    };
    const dir = join(options.nodeModules ?? NODE_MODULES, name);
    created.push(dir);
    mkdirSync(join(dir, 'lib'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', type: 'module', main: 'lib/plugin.js' }));
    writeFileSync(
      join(dir, 'lib', 'plugin.js'),
      `const definition = ${JSON.stringify(definition)};\n` +
        `definition.setup = function setup(hooks) {\n` +
        `  hooks.admit.tapPromise({ name: definition.name }, async () => undefined);\n` +
        `};\n` +
        `export default definition;\n`,
    );
    return { name, schemaId };
  }

  /** The PluginLoadError `createPluginHost` refuses the references with. */
  async function refusal(references: string[]): Promise<PluginLoadError> {
    let host: PluginHost | undefined;
    try {
      host = await createPluginHost(references, cwd);
    } catch (err) {
      expect(err, (err as Error).stack).to.be.instanceOf(PluginLoadError);
      return err as PluginLoadError;
    }
    throw new Error(`loaded, with plugins ${[...host.plugins.keys()].join(', ')}`);
  }

  it('registers a plugin imported by package name, with the schema it ships', async () => {
    const { name } = makePackage();
    const host = await createPluginHost([name], cwd);
    const definition = host.plugins.get('packaged_tagger');
    expect(definition, 'registered under its policy type').to.exist;
    const imported = (await import(name)) as { default: unknown };
    expect(definition).to.equal(imported.default);
    expect(definition!.version).to.equal('1.2.3');
    // The built-in plugins are still there.
    expect(host.plugins.has('rate_limiter')).to.equal(true);
    // Its inline schema validates policy settings, defaults applied.
    expect(host.validateSettings('packaged_tagger', { tag: 'x' })).to.deep.equal({ tag: 'x', limit: 5 });
    expect(() => host.validateSettings('packaged_tagger', { limit: 0 })).to.throw(SettingsError, '/settings/limit must be >= 1');
    expect(() => host.validateSettings('packaged_tagger', { color: 'red' })).to.throw(SettingsError, '/settings/color is not allowed');
  });

  it('finds a package installed only in the operator\'s folder (cwd), not beside Portcullis', async () => {
    const { name } = makePackage({ nodeModules: join(cwd, 'node_modules') });
    const host = await createPluginHost([name], cwd);
    expect(host.plugins.get('packaged_tagger')?.version).to.equal('1.2.3');
  });

  it('a package whose dependsOn names a loaded plugin loads', async () => {
    const { name } = makePackage({ definition: { name: 'packaged_dependent', dependsOn: ['rate_limiter'] } });
    const host = await createPluginHost([name], cwd);
    expect(host.plugins.has('packaged_dependent')).to.equal(true);
  });

  it('refuses an unknown package name with a PluginLoadError naming it', async () => {
    const missing = `portcullis-test-plugin-missing-${randomBytes(6).toString('hex')}`;
    const err = await refusal([missing]);
    expect(err.message).to.contain(`cannot load plugin ${missing}`);
  });

  it('refuses a plugin API range that does not include this core', async () => {
    const { name } = makePackage({ definition: { coreApi: '^2.0.0' } });
    const err = await refusal([name]);
    expect(err.message).to.contain(name);
    expect(err.message).to.contain(`targets plugin API ^2.0.0; this core provides ${CORE_API_VERSION}`);
    const notARange = makePackage({ definition: { coreApi: 'whatever' } });
    expect((await refusal([notARange.name])).message).to.contain('targets plugin API whatever');
  });

  it('refuses a version that is not semver', async () => {
    const { name } = makePackage({ definition: { version: '1.0' } });
    const err = await refusal([name]);
    expect(err.message).to.contain(name);
    expect(err.message).to.contain('version "1.0" is not semver');
  });

  it('refuses a name that is not snake_case', async () => {
    for (const bad of ['PackagedTagger', 'packaged-tagger', '9tagger']) {
      const { name } = makePackage({ definition: { name: bad } });
      const err = await refusal([name]);
      expect(err.message).to.contain(name);
      expect(err.message).to.contain(`name "${bad}" must be snake_case`);
    }
  });

  it('refuses a plugin named like a built-in one or like another package\'s, naming both (none replaces another silently)', async () => {
    const builtIn = makePackage({ definition: { name: 'rate_limiter' } });
    const err = await refusal([builtIn.name]);
    expect(err.message).to.contain(builtIn.name);
    expect(err.message).to.contain('plugin rate_limiter is already defined by');
    const first = makePackage({ definition: { name: 'packaged_twin' } });
    const second = makePackage({ definition: { name: 'packaged_twin' } });
    const twin = await refusal([first.name, second.name]);
    expect(twin.message).to.equal(`${second.name}: plugin packaged_twin is already defined by ${first.name}; rename one of them`);
  });

  it('refuses a dependsOn naming a plugin that is not loaded', async () => {
    const { name } = makePackage({ definition: { name: 'packaged_needy', dependsOn: ['not_a_loaded_plugin'] } });
    const err = await refusal([name]);
    expect(err.message).to.equal('plugin packaged_needy depends on not_a_loaded_plugin, which is not loaded');
  });

  it('refuses a settings schema that does not compile: invalid JSON Schema, an unknown keyword, an unresolvable $ref, none at all', async () => {
    const schemaOf = (id: string, property: Record<string, unknown>) => ({ $id: id, type: 'object', additionalProperties: false, properties: { tag: property } });
    const cases: Array<{ what: string; property?: Record<string, unknown> }> = [
      { what: 'invalid type', property: { type: 'not-a-type' } },
      { what: 'unknown keyword', property: { type: 'string', colour: 'red' } },
      { what: 'unresolvable $ref', property: { $ref: 'https://portcullis.dev/test/nowhere.schema.json' } },
      { what: 'no schema registered' },
    ];
    for (const { what, property } of cases) {
      const id = `https://portcullis.dev/test/broken-${randomBytes(6).toString('hex')}.schema.json`;
      const { name } = property
        ? makePackage({ definition: { schemaId: id, schema: schemaOf(id, property) } })
        : makePackage({ definition: { schemaId: id }, noSchema: true });
      const err = await refusal([name]);
      expect(err.message, what).to.contain(name);
      expect(err.message, what).to.contain(`settings schema ${id} does not compile`);
    }
  });
});
