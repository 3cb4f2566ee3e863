/**
 * The plugin host: knows every plugin definition (built-in ones found under plugins/, and
 * third-party ones named in configuration by folder path or npm package), checks each at load,
 * and validates policy settings against the plugin's schema.
 */
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import semver from 'semver';
import type { WireFormat } from '../canonical/wire-format.js';
import type { DetectorDefinition } from '../guardrail/detector.js';
import { describeErrors, loadProjectSchemas, registerSchema, validatorFor } from '../schema/ajv.js';
import { refusedStages } from './tap-recorder.js';
import { CORE_API_VERSION, type PluginDefinition } from './types.js';

export type AnyDefinition = PluginDefinition<object> | DetectorDefinition<object> | WireFormat;

/** A plugin that cannot be loaded: a bad definition, an unmet plugin API range or dependency. */
export class PluginLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PluginLoadError';
  }
}

/** Settings that cannot be accepted: an unknown policy type, or settings its schema refuses (named by JSON pointer). */
export class SettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingsError';
  }
}

const NAME = /^[a-z][a-z0-9_]*$/;
const STREAM_POLICIES: ReadonlySet<string> = new Set(['buffer', 'window', 'passthrough']);

export class PluginHost {
  readonly plugins = new Map<string, PluginDefinition<object>>();
  readonly detectors = new Map<string, DetectorDefinition<object>>();
  readonly formats = new Map<string, WireFormat>();

  /** Where each registered name came from, to name both in a clash. */
  private readonly origins = new Map<string, string>();

  /**
   * Checks and registers a definition (built-in or third-party). A second definition of a name
   * already registered (a copied plugin folder, a third-party plugin named like a built-in) is
   * refused: the last one would otherwise replace the first without a word.
   */
  register(definition: AnyDefinition, origin = 'built-in'): void {
    if (!definition || typeof definition !== 'object') throw new PluginLoadError(`${origin}: default export is not a plugin definition`);
    switch (definition.kind) {
      case 'wire-format':
        this.claim(`wire format ${definition.id}`, origin);
        this.formats.set(definition.id, definition);
        return;
      case 'detector':
        this.checkCommon(definition.name, definition.version, definition.schemaId, origin);
        this.claim(`detector ${definition.name}`, origin);
        this.detectors.set(definition.name, definition);
        return;
      case 'plugin':
        this.checkPlugin(definition, origin);
        this.claim(`plugin ${definition.name}`, origin);
        this.plugins.set(definition.name, definition);
        return;
      default:
        throw new PluginLoadError(`${origin}: unknown plugin kind "${(definition as { kind?: string }).kind}"`);
    }
  }

  /** Records `what` as defined by `origin`; refuses a second definition. */
  private claim(what: string, origin: string): void {
    const first = this.origins.get(what);
    if (first !== undefined) throw new PluginLoadError(`${origin}: ${what} is already defined by ${first}; rename one of them`);
    this.origins.set(what, origin);
  }

  private checkCommon(name: string, version: string, schemaId: string, origin: string) {
    if (!NAME.test(name ?? '')) throw new PluginLoadError(`${origin}: name "${name}" must be snake_case`);
    if (!semver.valid(version)) throw new PluginLoadError(`${origin}: plugin ${name} version "${version}" is not semver`);
    try {
      validatorFor(schemaId);
    } catch (err) {
      throw new PluginLoadError(`${origin}: plugin ${name} settings schema ${schemaId} does not compile: ${(err as Error).message}`);
    }
  }

  private checkPlugin(definition: PluginDefinition<object>, origin: string) {
    if (definition.schema) {
      // ajv refuses a schema that is not valid JSON Schema when it is added, before checkCommon compiles it.
      try {
        registerSchema(definition.schema as { $id?: string });
      } catch (err) {
        throw new PluginLoadError(`${origin}: plugin ${definition.name} settings schema ${definition.schemaId} does not compile: ${(err as Error).message}`);
      }
    }
    this.checkCommon(definition.name, definition.version, definition.schemaId, origin);
    if (!semver.validRange(definition.coreApi) || !semver.satisfies(CORE_API_VERSION, definition.coreApi)) {
      throw new PluginLoadError(`${origin}: plugin ${definition.name} targets plugin API ${definition.coreApi}; this core provides ${CORE_API_VERSION}`);
    }
    if (typeof definition.setup !== 'function') throw new PluginLoadError(`${origin}: plugin ${definition.name} has no setup()`);
    const refused = refusedStages(definition.name, definition.stages ?? []);
    if (refused) throw new PluginLoadError(`${origin}: ${refused}`);
    if (definition.streamPolicy !== undefined && !STREAM_POLICIES.has(definition.streamPolicy)) {
      throw new PluginLoadError(`${origin}: plugin ${definition.name} streamPolicy "${definition.streamPolicy}" is not one of buffer, window, passthrough`);
    }
  }

  /** After everything is registered: every `dependsOn` must be present. */
  checkDependencies(): void {
    for (const plugin of this.plugins.values()) {
      for (const dep of plugin.dependsOn ?? []) {
        if (!this.plugins.has(dep) && !this.detectors.has(dep)) {
          throw new PluginLoadError(`plugin ${plugin.name} depends on ${dep}, which is not loaded`);
        }
      }
    }
  }

  /** Validates settings for a policy (or detector rule) of `type`; returns them with defaults applied. */
  validateSettings(type: string, settings: unknown, pointer = '/settings'): Record<string, unknown> {
    const definition = this.plugins.get(type) ?? this.detectors.get(type);
    if (!definition) throw new SettingsError(`unknown policy type "${type}"`);
    const copy = structuredClone(settings ?? {});
    const validate = validatorFor(definition.schemaId);
    if (!validate(copy)) throw new SettingsError(describeErrors(validate.errors, pointer));
    return copy as Record<string, unknown>;
  }
}

/** Folder of the built-in plugins next to core/ (source under tsx, dist/ when compiled). */
const BUILTIN_DIR = fileURLToPath(new URL('../../plugins/', import.meta.url));
const RUNNING_FROM_SOURCE = fileURLToPath(import.meta.url).endsWith('.ts');

function pluginEntryFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const entry = join(dir, RUNNING_FROM_SOURCE ? 'index.ts' : 'index.js');
  if (existsSync(entry)) return [entry];
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.') && statSync(join(dir, name)).isDirectory())
    .sort()
    .flatMap((name) => pluginEntryFiles(join(dir, name)));
}

/** Resolves a third-party plugin reference: a folder path (its package.json `main`, else index) or a package name. */
function resolvePluginReference(reference: string, cwd: string): string {
  const asPath = isAbsolute(reference) ? reference : resolve(cwd, reference);
  if (existsSync(asPath) && statSync(asPath).isDirectory()) {
    const pkgFile = join(asPath, 'package.json');
    if (existsSync(pkgFile)) {
      const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { main?: string; exports?: unknown };
      if (pkg.main) return pathToFileURL(join(asPath, pkg.main)).href;
    }
    for (const candidate of ['index.js', 'index.ts', 'src/index.ts', 'dist/index.js']) {
      if (existsSync(join(asPath, candidate))) return pathToFileURL(join(asPath, candidate)).href;
    }
    throw new PluginLoadError(`plugin folder ${reference} has no entry point`);
  }
  if (existsSync(asPath)) return pathToFileURL(asPath).href;
  // A package name: the operator's own node_modules (under cwd) first, else where Portcullis is installed.
  try {
    return pathToFileURL(createRequire(join(cwd, 'package.json')).resolve(reference)).href;
  } catch {
    return reference;
  }
}

/** Builds a host with every built-in plugin and the third-party plugins named in `references`. */
export async function createPluginHost(references: readonly string[] = [], cwd = process.cwd()): Promise<PluginHost> {
  loadProjectSchemas();
  const host = new PluginHost();
  for (const file of pluginEntryFiles(BUILTIN_DIR)) {
    const mod = (await import(pathToFileURL(file).href)) as { default?: AnyDefinition };
    if (mod.default) host.register(mod.default, file);
  }
  for (const reference of references) {
    const target = resolvePluginReference(reference, cwd);
    let mod: { default?: AnyDefinition };
    try {
      mod = (await import(target)) as { default?: AnyDefinition };
    } catch (err) {
      throw new PluginLoadError(`cannot load plugin ${reference}: ${(err as Error).message}`);
    }
    host.register(mod.default as AnyDefinition, reference);
  }
  host.checkDependencies();
  return host;
}
