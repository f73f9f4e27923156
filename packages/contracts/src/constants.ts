/** Business constants and limits of limits. */
export const LIMITS = {
  textMaxLength: 32,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  disconnectCountdownSeconds: 10,
  spaceCookieDays: 365,
  idleActivityThrottleMs: 1000,
  defaultIdleTimeoutMinutes: 30,
  requestTimeoutMs: 5 * 60 * 1000,
  widthOffsetPx: 44,
  sheetMinHeightMm: 210,
  sheetMinWidthMm: 297,
  marginMinMm: 0,
  errorNotificationMs: 5000,
  defaultNotificationMs: 5000,
  chatNotificationMs: 10000,
  restoreNotificationMs: 1000,
  calculationErrorNotificationMs: 4000,
  textareaRows: 6,
  roundingDigits: 2,
  periodMinYear: 2000,
  periodMaxYear: 2050,
  avatarMaxBytes: 2 * 1024 * 1024,
  /**
   * Sign-in and secret-answer throttles (OWASP's authentication guidance): failures are counted per
   * account and address, per address, and per account; past a rule's free failures each further
   * attempt waits twice as long as the one before, from the first delay up to the longest. An
   * address the account has signed in from recently is trusted, so strangers cannot lock its owner out.
   */
  loginFreeFailuresPerAccountAndAddress: 5,
  loginFreeFailuresPerAddress: 50,
  loginFreeFailuresPerAccount: 20,
  loginFirstDelaySeconds: 60,
  loginLongestDelayMinutes: 15,
  /** Failures older than this are forgotten. */
  loginFailureMemoryMinutes: 60,
  loginTrustedAddressDays: 30,
  freeSpaceUserLimit: 5,
  demoSpaceUserLimit: 50,
  /** Members of a free space who may use BIM (the demo space: every member). */
  freeSpaceBimUserLimit: 2,
  /** Members of a free space who may use estimating (the demo space: every member). */
  freeSpaceEstimateUserLimit: 2,
} as const;

export const BREAKPOINTS = { sm: 600, md: 1024, lg: 1440, xl: 1920 } as const;

export const LANGUAGES = ['ru', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

export const DATE_FORMAT = 'DD.MM.YYYY';

/** Keys of values the web app keeps in local storage (entities "Client-side stored values"). */
export const STORAGE_KEYS = {
  token: 'takt.token',
  lastSpacePrefix: 'takt.lastSpace.',
  /** The version last opened of a schedule (by schedule id), loaded before the version list answers. */
  lastVersionPrefix: 'takt.lastVersion.',
  language: 'takt.language',
  disconnectCounter: 'takt.disconnectCounter',
  darkTheme: 'DarkThemeActive',
} as const;

export const SPACE_COOKIE = 'space_id';

/** The kinds of works, relations, statuses and date limits, as the API and the columnar payload name them. */
export const WORK_TYPES = ['sum', 'task', 'work', 'milestone_start', 'milestone_finish', 'draft'] as const;
export const LINK_TYPES = ['fs', 'ff', 'ss', 'sf'] as const;
export const WORK_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export const LIMIT_TYPES = ['not_earlier', 'not_later', 'in_date'] as const;
export const BROADCAST_CHANNEL = 'takt';
