/**
 * Reads the central directory of a zip file (a DOCX package) to sum the uncompressed sizes it
 * declares, so a zip bomb is refused before anything is inflated. Declared sizes can lie, so
 * this bounds honest packages and crude bombs; the inflating library still reads entries one by one.
 */

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;

/** Total declared uncompressed size and entry count, or undefined if no central directory is found. */
export function declaredZipSize(bytes: Uint8Array): { total: number; entries: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 64 KiB + 22 bytes.
  const floor = Math.max(0, bytes.length - 65557);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= floor; i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const entries = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL_SIGNATURE) return undefined;
    const size = view.getUint32(offset + 24, true);
    // 0xFFFFFFFF means a ZIP64 size: treat it as larger than any limit.
    total += size === 0xffffffff ? Number.MAX_SAFE_INTEGER / 2 : size;
    offset += 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return { total, entries };
}
