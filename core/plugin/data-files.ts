/**
 * How a plugin finds the data files it ships (model weights, word lists): named relative to its
 * own module, found both when the plugin runs from its sources and when it runs compiled.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The build folder a package's compiled JavaScript goes to (tsc `outDir`). */
const BUILD_FOLDER = 'dist';

/**
 * The absolute path of a data file a plugin ships, named relative to the module asking:
 * `pluginDataFile(import.meta.url, 'model.json')`, `pluginDataFile(import.meta.url, '../lists/names.txt')`.
 *
 * Beside the module first. A module compiled into a `dist/` folder usually has no data files
 * beside it (Portcullis compiles `plugins/` into `dist/plugins/` and ships the data files from
 * `plugins/` itself), so then the same place outside the nearest `dist/` is tried:
 * `<package>/dist/plugins/toxicity/model.js` asking for `model/weights.json` finds
 * `<package>/plugins/toxicity/model/weights.json`. When neither exists the path beside the module
 * is returned, so reading it fails naming where the file belongs.
 *
 * It looks at the disk: call it once, when the plugin loads its data, not per request.
 */
export function pluginDataFile(moduleUrl: string | URL, relativePath: string): string {
  const moduleDir = dirname(fileURLToPath(moduleUrl));
  const beside = resolve(moduleDir, relativePath);
  if (existsSync(beside)) return beside;
  const build = nearestBuildFolder(moduleDir);
  if (build !== undefined) {
    const outsideBuild = resolve(dirname(build), relative(build, moduleDir), relativePath);
    if (existsSync(outsideBuild)) return outsideBuild;
  }
  return beside;
}

/** `dir` itself or its nearest ancestor named `dist`, if any. */
function nearestBuildFolder(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    if (basename(at) === BUILD_FOLDER) return at;
    if (dirname(at) === at) return undefined;
  }
}
