/**
 * Hidden text in a PDF page, read from pdf.js's operator list: text drawn with render mode 3 or
 * 7 (no ink), in white where no darker fill lies beneath it, smaller than a point, or placed
 * outside the page. A page that shows an image and carries mostly invisible text is a scanned
 * page with an OCR layer, whose text is what the image shows, so it is not reported.
 * Limits: text positions follow text matrices but not glyph advances within one text object,
 * clipping paths, soft masks, overlapping images and annotation appearances are not modelled.
 */
import type { HiddenSpan, HiddenTechnique } from './document-types.js';
import { HiddenTexts } from './hidden-texts.js';

type Matrix = [number, number, number, number, number, number];

/** The pdf.js operator codes this walker reads (from `pdfjs.OPS`). */
export type PdfOps = Record<string, number>;

interface GraphicsState {
  ctm: Matrix;
  fill: [number, number, number];
  renderMode: number;
  fontSize: number;
  leading: number;
}

interface Glyph {
  unicode?: string;
}

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
const scale = (m: Matrix) => Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
const toMatrix = (a: unknown): Matrix => Array.from(a as ArrayLike<number>).slice(0, 6) as Matrix;
const nearWhite = (c: [number, number, number]) => c[0] >= 240 && c[1] >= 240 && c[2] >= 240;

function glyphText(glyphs: unknown): string {
  if (!Array.isArray(glyphs)) return '';
  return glyphs.map((g: Glyph | number | null) => (typeof g === 'number' ? (g < -200 ? ' ' : '') : g?.unicode ?? '')).join('');
}

/** Hidden spans of one page, from its operator list. `view` is the page box [x0, y0, x1, y1]. */
export function hiddenPdfText(fnArray: number[], argsArray: unknown[][], ops: PdfOps, view: number[]): HiddenSpan[] {
  const FILL_PATH = new Set([ops.fill, ops.eoFill, ops.fillStroke, ops.eoFillStroke, ops.closeFillStroke, ops.closeEOFillStroke]);
  const SHOW = new Set([ops.showText, ops.showSpacedText, ops.nextLineShowText, ops.nextLineSetSpacingShowText]);
  const IMAGE = new Set([ops.paintImageXObject, ops.paintInlineImageXObject, ops.paintImageMaskXObject, ops.paintImageXObjectRepeat]);

  let state: GraphicsState = { ctm: IDENTITY, fill: [0, 0, 0], renderMode: 0, fontSize: 12, leading: 0 };
  const stack: GraphicsState[] = [];
  let textMatrix: Matrix = IDENTITY;
  let lineMatrix: Matrix = IDENTITY;
  // Filled shapes that are not white: white text over them is visible.
  const darkAreas: Array<[number, number, number, number]> = [];
  const found: Array<{ technique: HiddenTechnique; text: string }> = [];
  let totalChars = 0;
  let invisibleChars = 0;
  let hasImage = false;

  const onDark = (x: number, y: number) => darkAreas.some(([x0, y0, x1, y1]) => x >= x0 && x <= x1 && y >= y0 && y <= y1);

  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] ?? [];
    if (fn === ops.save || fn === ops.paintFormXObjectBegin) {
      stack.push({ ...state });
      if (fn === ops.paintFormXObjectBegin && args[0]) state.ctm = multiply(toMatrix(args[0]), state.ctm);
    } else if (fn === ops.restore || fn === ops.paintFormXObjectEnd) {
      state = stack.pop() ?? state;
    } else if (fn === ops.transform) {
      state.ctm = multiply(toMatrix(args), state.ctm);
    } else if (fn === ops.setFillRGBColor) {
      const c = Array.from(args as unknown as ArrayLike<number>).length >= 3 ? Array.from(args as unknown as ArrayLike<number>) : Array.from((args[0] ?? []) as ArrayLike<number>);
      state.fill = [c[0] ?? 0, c[1] ?? 0, c[2] ?? 0];
    } else if (fn === ops.setFillGray) {
      const g = Math.round(Number(args[0]) * 255);
      state.fill = [g, g, g];
    } else if (fn === ops.setTextRenderingMode) {
      state.renderMode = Number(args[0]);
    } else if (fn === ops.setFont) {
      state.fontSize = Number(args[1]);
    } else if (fn === ops.setLeading) {
      state.leading = Number(args[0]);
    } else if (fn === ops.beginText) {
      textMatrix = lineMatrix = IDENTITY;
    } else if (fn === ops.setTextMatrix) {
      textMatrix = lineMatrix = toMatrix(args[0] && typeof args[0] === 'object' ? args[0] : args);
    } else if (fn === ops.moveText || fn === ops.setLeadingMoveText) {
      if (fn === ops.setLeadingMoveText) state.leading = -Number(args[1]);
      lineMatrix = multiply([1, 0, 0, 1, Number(args[0]), Number(args[1])], lineMatrix);
      textMatrix = lineMatrix;
    } else if (fn === ops.nextLine) {
      lineMatrix = multiply([1, 0, 0, 1, 0, -state.leading], lineMatrix);
      textMatrix = lineMatrix;
    } else if (fn === ops.constructPath && FILL_PATH.has(Number(args[0])) && !nearWhite(state.fill)) {
      const box = args[2] as ArrayLike<number> | undefined;
      if (box && box.length >= 4) {
        const [ax, ay] = apply(state.ctm, box[0], box[1]);
        const [bx, by] = apply(state.ctm, box[2], box[3]);
        darkAreas.push([Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)]);
      }
    } else if (IMAGE.has(fn)) {
      hasImage = true;
    } else if (SHOW.has(fn)) {
      if (fn === ops.nextLineShowText || fn === ops.nextLineSetSpacingShowText) {
        lineMatrix = multiply([1, 0, 0, 1, 0, -state.leading], lineMatrix);
        textMatrix = lineMatrix;
      }
      const text = glyphText(args[fn === ops.nextLineSetSpacingShowText ? 2 : 0]);
      const chars = text.replace(/\s/g, '').length;
      if (!chars) continue;
      totalChars += chars;
      const m = multiply(textMatrix, state.ctm);
      const size = state.fontSize * scale(m);
      const [x, y] = apply(m, 0, 0);
      let technique: HiddenTechnique | undefined;
      if (state.renderMode === 3 || state.renderMode === 7) {
        technique = 'invisible_render';
        invisibleChars += chars;
      } else if (size < 1) technique = 'tiny_text';
      else if (x < view[0] - 20 || x > view[2] + 20 || y < view[1] - 20 || y > view[3] + 20) technique = 'offscreen';
      else if (nearWhite(state.fill) && state.renderMode !== 1 && !onDark(x + 1, y + size / 3)) technique = 'white_text';
      if (technique) found.push({ technique, text });
    }
  }

  const ocrLayer = hasImage && invisibleChars >= 0.5 * totalChars;
  const byTechnique = new HiddenTexts();
  for (const f of found) if (!(ocrLayer && f.technique === 'invisible_render')) byTechnique.add(f.technique, f.text);
  return byTechnique.spans();
}
