/**
 * What extraction produces for one attachment: its text as a model would read it, the hidden
 * parts and how they were hidden, metadata fields, and any limit or parse problem.
 */

/** Formats doc_analyzer reads. */
export type DocumentFormat = 'pdf' | 'docx' | 'html' | 'text';

/** How a piece of text was hidden from a human reader. */
export type HiddenTechnique =
  /** PDF text render mode 3 or 7: drawn with no ink. */
  | 'invisible_render'
  /** White (or near-white) text on the default white page. */
  | 'white_text'
  /** Text in the colour of its own background (HTML/DOCX), or fully transparent. */
  | 'same_color'
  /** A font size under about one point (PDF, DOCX) or a pixel (HTML). */
  | 'tiny_text'
  /** Placed outside the page or far off screen. */
  | 'offscreen'
  /** HTML opacity 0. */
  | 'opacity_zero'
  /** HTML clipped to nothing or collapsed to zero height. */
  | 'clipped'
  /** HTML display:none, the hidden attribute or a template. */
  | 'display_none'
  /** HTML visibility:hidden. */
  | 'visibility_hidden'
  /** An HTML comment. */
  | 'html_comment'
  /** DOCX hidden run (w:vanish, w:specVanish, w:webHidden). */
  | 'docx_vanish'
  /** DOCX tracked deletion still stored in the file. */
  | 'tracked_deletion'
  /** Image alternative text (HTML alt, DOCX picture description). */
  | 'alt_text'
  /** Unicode tag characters (U+E0020..U+E007E) spelling ASCII. */
  | 'unicode_tags'
  /** A run of variation selectors encoding bytes. */
  | 'variation_selectors';

/** Hidden text found in a document. The text stays inside the service: hits only name techniques. */
export interface HiddenSpan {
  technique: HiddenTechnique;
  text: string;
}

/** One metadata field (PDF Info or XMP, DOCX core/app/custom properties, HTML title and meta). */
export interface MetadataField {
  name: string;
  value: string;
}

/** Why a document could not be read in full. */
export type ExtractionProblem = 'too_large_bytes' | 'too_many_pages' | 'too_much_text' | 'too_large_expanded' | 'unreadable' | 'encrypted';

/** The extraction of one attachment. */
export interface ExtractedDocument {
  /** `id` of the attachment. */
  attachment: number;
  format: DocumentFormat | 'unsupported';
  fromTool: boolean;
  /** Everything a model reading the document would read, hidden parts included. */
  text: string;
  hidden: HiddenSpan[];
  metadata: MetadataField[];
  pages?: number;
  problems: ExtractionProblem[];
}

/** Limits of one extraction. */
export interface ExtractionLimits {
  /** Largest decoded attachment read at all. */
  maxBytes: number;
  /** PDF pages read; later pages are skipped. */
  maxPages: number;
  /** Extracted characters kept per document. */
  maxTextChars: number;
  /** Largest total uncompressed size of a DOCX package (zip bomb guard). */
  maxExpandedBytes: number;
}

/** Format-specific result before the shared post-processing. */
export interface FormatExtraction {
  text: string;
  hidden: HiddenSpan[];
  metadata: MetadataField[];
  pages?: number;
  problems?: ExtractionProblem[];
}
