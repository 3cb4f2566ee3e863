/**
 * Policy fields checked against the plugin they instantiate: the type must be a loaded plugin,
 * the settings must pass the plugin's schema (422 naming the field; defaults applied), and the
 * stages must be among the plugin's stages.
 */
import { SettingsError, type PluginHost } from '../../plugin/host.js';
import { refuse } from '../http/json-body.js';

/** The validated settings (defaults applied) of a policy of `type`. */
export function checkPolicy(host: PluginHost, type: string, settings: unknown, stages: readonly string[] | undefined): Record<string, unknown> {
  const plugin = host.plugins.get(type);
  if (!plugin) throw refuse(`/type "${type}" is not a loaded policy plugin (GET /v1/catalog/policies)`);
  stages?.forEach((stage, i) => {
    if (!plugin.stages.includes(stage as never)) throw refuse(`/stages/${i} "${stage}" is not a stage of ${type} (${plugin.stages.join(', ')})`);
  });
  try {
    return host.validateSettings(type, settings ?? {});
  } catch (err) {
    if (err instanceof SettingsError) throw refuse(err.message);
    throw err;
  }
}

/**
 * The name and slug of a duplicate: `<name> 2` / `<slug>-2`, `3`, ... the first pair both free.
 * Duplicating a copy (`Limits 2`, when `Limits` exists) counts on from the original's name.
 */
export function duplicateNaming(original: { name: string; slug: string }, siblings: ReadonlyArray<{ name: string; slug: string }>): { name: string; slug: string } {
  const names = new Set(siblings.map((p) => p.name));
  const slugs = new Set(siblings.map((p) => p.slug));
  const copyOf = /^(.*) (\d+)$/.exec(original.name);
  const baseName = copyOf && names.has(copyOf[1]) ? copyOf[1] : original.name;
  const slugCopyOf = /^(.*)-(\d+)$/.exec(original.slug);
  const baseSlug = slugCopyOf && slugs.has(slugCopyOf[1]) ? slugCopyOf[1] : original.slug;
  for (let n = 2; ; n++) {
    const candidate = { name: `${baseName} ${n}`, slug: `${baseSlug.slice(0, 58)}-${n}` };
    if (!names.has(candidate.name) && !slugs.has(candidate.slug)) return candidate;
  }
}
