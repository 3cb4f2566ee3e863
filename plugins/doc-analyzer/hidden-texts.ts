/**
 * Hidden texts of one document part gathered by technique, in the order found; each technique's
 * texts become one span. Texts are appended to their technique's list (copying the list for each
 * new text took time growing with the square of their number).
 */
import { appendTo } from '../../core/plugin/index.js';
import type { HiddenSpan, HiddenTechnique } from './document-types.js';

export class HiddenTexts {
  private readonly byTechnique = new Map<HiddenTechnique, string[]>();

  add(technique: HiddenTechnique, text: string): void {
    appendTo(this.byTechnique, technique, text);
  }

  /** The texts found by `technique`, in order. */
  of(technique: HiddenTechnique): readonly string[] {
    return this.byTechnique.get(technique) ?? [];
  }

  /** One span per technique, its texts joined by spaces. */
  spans(): HiddenSpan[] {
    return [...this.byTechnique].map(([technique, texts]) => ({ technique, text: texts.join(' ') }));
  }
}
