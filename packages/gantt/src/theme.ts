/** Colours (0xRRGGBB) shared by the renderers: the dark theme on screen and a light one for paper. */
export interface GanttTheme {
  readonly background: number;
  readonly rowStripe: number;
  readonly rowLine: number;
  readonly gridLine: number;
  readonly headerBackground: number;
  readonly headerText: number;
  readonly text: number;
  readonly nonWorking: number;
  readonly plan: number;
  readonly planProgress: number;
  readonly critical: number;
  readonly criticalProgress: number;
  readonly baseline: number;
  readonly fact: number;
  readonly summary: number;
  readonly milestone: number;
  readonly floatTail: number;
  readonly constraint: number;
  readonly link: number;
  readonly linkDriving: number;
  readonly today: number;
  readonly dataDate: number;
  /** The date cursor shared with the 4D player: a colour no bar, line or marker uses. */
  readonly cursor: number;
  readonly hover: number;
  readonly selection: number;
  readonly clash: number;
}

export const GANTT_THEME_DARK: GanttTheme = {
  background: 0x181b21,
  rowStripe: 0x1c1f26,
  rowLine: 0x252a33,
  gridLine: 0x2a2f3a,
  headerBackground: 0x1e222a,
  headerText: 0xa2a9b8,
  text: 0xdfe1e5,
  nonWorking: 0x20242c,
  plan: 0x4c8dff,
  planProgress: 0x2a5cc0,
  critical: 0xff5c5c,
  criticalProgress: 0xb83232,
  baseline: 0x8a8f98,
  fact: 0x3ecf8e,
  summary: 0xd0d3d8,
  milestone: 0xf0c14b,
  floatTail: 0x6b7280,
  constraint: 0xc084fc,
  link: 0x7d828b,
  linkDriving: 0xff8a8a,
  today: 0xffa94d,
  dataDate: 0x74c0fc,
  cursor: 0xf06595,
  hover: 0xffffff,
  selection: 0x4c8dff,
  clash: 0xff3b30,
};

/** The screen in the app's light theme (colours of its surfaces and accent). */
export const GANTT_THEME_LIGHT: GanttTheme = {
  background: 0xffffff,
  rowStripe: 0xf7f8fa,
  rowLine: 0xeceef2,
  gridLine: 0xe2e5ea,
  headerBackground: 0xf5f6f8,
  headerText: 0x5d6473,
  text: 0x171a21,
  nonWorking: 0xeff1f4,
  plan: 0x2f5bea,
  planProgress: 0x1c3a9e,
  critical: 0xd92d3a,
  criticalProgress: 0x8f1f27,
  baseline: 0xa3a9b4,
  fact: 0x178a4c,
  summary: 0x3a404c,
  milestone: 0xc07a00,
  floatTail: 0x8a91a0,
  constraint: 0x8b3fd9,
  link: 0x7b8290,
  linkDriving: 0xd92d3a,
  today: 0xf08c00,
  dataDate: 0x1c7ed6,
  cursor: 0xd6336c,
  hover: 0x171a21,
  selection: 0x2f5bea,
  clash: 0xd92d3a,
};

export const GANTT_THEME_PRINT: GanttTheme = {
  background: 0xffffff,
  rowStripe: 0xf6f7f9,
  rowLine: 0xe3e5e8,
  gridLine: 0xd5d8dc,
  headerBackground: 0xeef0f3,
  headerText: 0x222222,
  text: 0x1a1a1a,
  nonWorking: 0xeeeeee,
  plan: 0x3d74d9,
  planProgress: 0x1f4a99,
  critical: 0xd93636,
  criticalProgress: 0x8f1f1f,
  baseline: 0x9aa0a6,
  fact: 0x2e9e5b,
  summary: 0x333333,
  milestone: 0x333333,
  floatTail: 0x8a8f98,
  constraint: 0x8b3fd9,
  link: 0x666666,
  linkDriving: 0xd93636,
  today: 0xf08c00,
  dataDate: 0x1c7ed6,
  cursor: 0xd6336c,
  hover: 0x000000,
  selection: 0x3d74d9,
  clash: 0xd93636,
};

/** '#rrggbb' of a theme colour (pdfkit, DOM). */
export function themeHex(color: number): string {
  return `#${color.toString(16).padStart(6, '0')}`;
}
