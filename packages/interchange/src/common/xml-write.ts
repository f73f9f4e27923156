/** Elements of the XML writers (MSPDI, P6 XML): escaped text, empty values left out, dates to the minute. */

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export const el = (name: string, value: string | number | undefined | null) =>
  value === undefined || value === null || value === '' ? '' : `<${name}>${esc(String(value))}</${name}>`;
export const xmlDate = (iso: string | undefined | null) => (iso ? `${iso}:00` : undefined);
