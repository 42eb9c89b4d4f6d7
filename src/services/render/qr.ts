import { create } from 'qrcode';

/** A QR code as SVG path data in module units (one unit per module), without the quiet zone. */
export interface QrPath {
  /** Modules per side. */
  size: number;
  /** Path data of the dark modules, one rectangle per horizontal run; numbers only. */
  d: string;
}

/**
 * Encodes `text` (byte mode, error correction M: about 15% of the code may be damaged and still
 * read) and draws the dark modules. The library only computes the matrix, so this runs anywhere.
 */
export function qrPath(text: string): QrPath {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = modules;
  const runs: string[] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) { x++; continue; }
      const start = x;
      while (x < size && data[y * size + x]) x++;
      runs.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  }
  return { size, d: runs.join('') };
}
