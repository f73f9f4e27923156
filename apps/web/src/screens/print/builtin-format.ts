/** The titles a new print format starts with, and the built-in format's. */
export const DEFAULT_TITLES = {
  firstHeader: { left: '{project} / {schedule}', center: '', right: '{version}, {date}' },
  header: { left: '{schedule}', center: '', right: '' },
  footer: { left: '', center: '', right: '{page} / {pages}' },
  lastFooter: { left: '', center: '', right: '' },
  textSize: 9,
  dynamicValues: true,
};

/** The server's built-in format (print presets' DEFAULT_PRINT_PRESET), previewed when no preset is chosen. */
export const BUILTIN_PRESET = {
  name: 'A3',
  sheetHeightMm: 297,
  sheetWidthMm: 420,
  marginMm: 10,
  titles: DEFAULT_TITLES,
};
