/** Input mask shortcuts of validation rules; `#` takes one digit, every other character is a literal. */
export const MASKS = {
  date: '####/##/##',
  time: '##:##',
  fulltime: '##:##:##',
  phone: '(###) ### - ####',
  card: '#### #### #### ####',
} as const;
export type MaskName = keyof typeof MASKS;

/** Applies a mask to typed text: digits fill the `#` slots, literals are inserted, the rest is dropped. */
export function applyMask(text: string, mask: string): string {
  const digits = text.replace(/\D/g, '');
  let out = '';
  let next = 0;
  for (const slot of mask) {
    if (next >= digits.length) break;
    if (slot === '#') out += digits[next++];
    else out += slot;
  }
  return out;
}
