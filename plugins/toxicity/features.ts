/**
 * Features of the toxicity model: word unigrams and bigrams and character 3- to 5-grams of the
 * normalized text (`w:`, `b:`, `c:` prefixes). Training and inference share this code, so the
 * model sees exactly what it was trained on.
 */

/** Feature counts of one normalized text. */
export function extractFeatures(normalized: string, into: Map<string, number> = new Map()): Map<string, number> {
  into.clear();
  const add = (f: string) => into.set(f, (into.get(f) ?? 0) + 1);
  const words = normalized.split(' ').filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    add(`w:${words[i]}`);
    if (i > 0) add(`b:${words[i - 1]} ${words[i]}`);
  }
  const padded = ` ${normalized} `;
  for (let n = 3; n <= 5; n++) for (let i = 0; i + n <= padded.length; i++) add(`c:${padded.slice(i, i + n)}`);
  return into;
}

/** The weights file: a logistic regression over the features. */
export interface ToxicityModel {
  /** How the model was made, for people reading the file. */
  about: string;
  bias: number;
  /** The probability at which the tuned operating point sits; it maps to confidence 0.5. */
  threshold: number;
  weights: Record<string, number>;
}

/** P(toxic) of a feature map under the model, with sublinear (1 + log) term weighting, L2-normalized. */
export function predict(model: ToxicityModel, features: Map<string, number>): number {
  let z = model.bias;
  let norm = 0;
  for (const count of features.values()) {
    const v = 1 + Math.log(count);
    norm += v * v;
  }
  norm = Math.sqrt(norm) || 1;
  for (const [f, count] of features) {
    const w = model.weights[f];
    if (w !== undefined) z += (w * (1 + Math.log(count))) / norm;
  }
  return 1 / (1 + Math.exp(-z));
}
