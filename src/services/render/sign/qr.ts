import { encode } from 'uqr';

/** A QR code as SVG path data in module units (one unit per module), without the quiet zone. */
export interface QrPath {
  /** Modules per side. */
  size: number;
  /** Path data of the dark modules, one rectangle per horizontal run; numbers only. */
  d: string;
}

const encoder = new TextEncoder();

/**
 * Encodes `text` as UTF-8 bytes (byte mode; a lone surrogate becomes U+FFFD rather than an error)
 * with error correction M (about 15% of the code may be damaged and still read) and draws the dark
 * modules. The library only computes the matrix, so this runs anywhere.
 */
export function qrPath(text: string): QrPath {
  const { size, data } = encode(Array.from(encoder.encode(text)), { ecc: 'M', border: 0 });
  const runs: string[] = [];
  for (let y = 0; y < size; y++) {
    const row = data[y]!;
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && row[x]) x++;
      runs.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  }
  return { size, d: runs.join('') };
}
