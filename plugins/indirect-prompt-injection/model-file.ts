/** Where the shipped indirect-injection weights live, and loading them once per process. */
import { pluginDataFile } from '../../core/plugin/index.js';
import { LinearModel } from '../shared/prompt-features/linear-model.js';
import { INDIRECT_DENSE_NAMES } from './features.js';

/** Path of plugins/indirect-prompt-injection/model.json (written by tools/training/prompt-injection/train-indirect.ts). */
export const INDIRECT_MODEL_PATH = pluginDataFile(import.meta.url, 'model.json');

let cached: LinearModel | undefined;

/** The shipped model, read on first use and shared by every detector instance. */
export function indirectModel(): LinearModel {
  cached ??= LinearModel.load(INDIRECT_MODEL_PATH, INDIRECT_DENSE_NAMES);
  return cached;
}
