/** Loads the trained toxicity model (model/weights.json, made by training/train.ts) once per process. */
import { readFileSync } from 'node:fs';
import { pluginDataFile } from '../../core/plugin/index.js';
import { loadModel, type LoadedModel, type ToxicityModel } from './features.js';

let cached: LoadedModel | undefined;

/** The model, read on first use. */
export function toxicityModel(): LoadedModel {
  cached ??= loadModel(JSON.parse(readFileSync(pluginDataFile(import.meta.url, 'model/weights.json'), 'utf8')) as ToxicityModel);
  return cached;
}

/** Maps a model probability to a confidence whose 0.5 is the tuned operating point. */
export function calibrate(p: number, threshold: number): number {
  const logit = (x: number) => Math.log(Math.min(Math.max(x, 1e-6), 1 - 1e-6) / (1 - Math.min(Math.max(x, 1e-6), 1 - 1e-6)));
  return 1 / (1 + Math.exp(-(logit(p) - logit(threshold))));
}
