/**
 * The paper sizes a sign is printed at. All are ISO A portrait sheets, which share one shape
 * (1 : √2), so the sign is laid out once in 840 × 1188 units (4 units per millimetre at A4) and the
 * size only sets the printed width and height: A3 is A4 × √2, A5 is A4 ÷ √2.
 */
export const SIGN_SIZES = ['a4', 'a3', 'a5'] as const;
export type SignSize = (typeof SIGN_SIZES)[number];

/** Sheet width and height in millimetres. */
export const SHEET_MM: Record<SignSize, { w: number; h: number }> = {
  a4: { w: 210, h: 297 },
  a3: { w: 297, h: 420 },
  a5: { w: 148, h: 210 },
};

/** Layout units across the sheet, and down it (840 × √2, rounded). */
export const UNITS_W = 840;
export const UNITS_H = 1188;

/**
 * The nearest any mark comes to the sheet's edge, in units: 34 units is 6.0 mm at A5, 8.5 mm at A4,
 * 12 mm at A3, inside the 5 mm an office printer may leave unprinted.
 */
export const EDGE = 34;
