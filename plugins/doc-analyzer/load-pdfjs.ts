/**
 * Loads unpdf's bundled pdf.js once, on the first PDF. That bundle prints "Please use the
 * `legacy` build in Node.js environments" to stdout when it is evaluated; the service logs JSON,
 * so that one line is filtered out while the module loads (it is harmless: the bundle is built
 * for server runtimes).
 */
type Unpdf = typeof import('unpdf');

let loading: Promise<{ unpdf: Unpdf; ops: Record<string, number> }> | undefined;

/** unpdf and pdf.js's operator codes. */
export function loadPdfjs(): Promise<{ unpdf: Unpdf; ops: Record<string, number> }> {
  loading ??= (async () => {
    const original = console.log;
    console.log = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes('`legacy` build')) return;
      original(...args);
    };
    try {
      const unpdf = await import('unpdf');
      const pdfjs = await unpdf.getResolvedPDFJS();
      return { unpdf, ops: pdfjs.OPS as unknown as Record<string, number> };
    } finally {
      console.log = original;
    }
  })();
  return loading;
}
