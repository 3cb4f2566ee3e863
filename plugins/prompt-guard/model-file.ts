/** Where the shipped model weights live, and loading them once per process. */
import { pluginDataFile } from '../../core/plugin/index.js';
import { LinearModel } from '../shared/prompt-features/linear-model.js';

/** Path of plugins/prompt-guard/model.json (written by tools/training/prompt-injection/train-prompt-guard.ts). */
export const PROMPT_GUARD_MODEL_PATH = pluginDataFile(import.meta.url, 'model.json');

let cached: LinearModel | undefined;

/** The shipped model, read on first use and shared by every detector instance. */
export function promptGuardModel(): LinearModel {
  cached ??= LinearModel.load(PROMPT_GUARD_MODEL_PATH);
  return cached;
}
