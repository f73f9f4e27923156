/** Width of a text in the units of the output (pixels on screen, points in a PDF). */
export type TextMeasure = (text: string, fontSize: number) => number;

/**
 * An estimate for DejaVu Sans / system sans fonts: 0.58 em per character. Renderers that can measure
 * (pdfkit's `widthOfString`, a canvas context) pass their own measure instead.
 */
export const textMeasureEstimate: TextMeasure = (text, fontSize) => text.length * fontSize * 0.58;
