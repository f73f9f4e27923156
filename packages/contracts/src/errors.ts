/**
 * The error catalogue. Every failure the server reports carries one of these codes; the
 * code decides the HTTP status, and the message id (`errors.<code>`) is translated by the catalogs.
 */
export const ERROR_CODES = [
  'Unauthorized',
  'SessionExpired',
  'Forbidden',
  'IPNotAllowed',
  'LicenseLimit',
  'LicenseNotFound',
  'LicenseExpired',
  'BimLicense',
  'EstimateLicense',
  'LicenseNotActive',
  'LicenseVersionUnsupported',
  'LicenseTokenInvalid',
  'LicenseOtherSpace',
  'LicenseAlreadyLoaded',
  'LicenseActive',
  'LicensePaidUsersExceeded',
  'SpaceNotFree',
  'NotFound',
  'Conflict',
  'ValidationError',
  'BadRequest',
  'InvalidCredentials',
  'TooManyAttempts',
  'NoSecretQuestion',
  'WrongAnswer',
  'ResetTokenInvalid',
  'LoginTaken',
  'EmailTaken',
  'AlreadyMember',
  'LastAdministrator',
  'RoleInUse',
  'BuiltInRole',
  'PrivacyPolicyNotAccepted',
  'FileTooLarge',
  'RequestTooLarge',
  'UnsupportedFileType',
  'SpaceDeleting',
  'VersionLocked',
  'CalculationError',
  'CalculationRunning',
  'EditingPeriodClosed',
  'InvalidHierarchy',
  'NothingToUndo',
  'NothingToRedo',
  'BackupNotReady',
  'BackupFromNewerTakt',
  'RemoteUnreachable',
  'RemoteTlsError',
  'RemoteNotTakt',
  'RemoteTokenRefused',
  'RemoteNotAllowed',
  'RemoteBackupFailed',
  'RemoteArchiveTooLarge',
  'ResourceInUse',
  'AssignmentExists',
  'VolumeMissing',
  'CostAttributesMissing',
  'WdpLimitExceeded',
  'TimesheetSubmitted',
  'TimesheetHoursExceeded',
  'NotCurator',
  'SignInProviderNotConfigured',
  'ExternalSignInFailed',
  'ExternalAccountNotFound',
  'UnknownException',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_HTTP_STATUS: Record<ErrorCode, number> = {
  Unauthorized: 401,
  SessionExpired: 401,
  Forbidden: 403,
  IPNotAllowed: 403,
  LicenseLimit: 402,
  LicenseNotFound: 402,
  LicenseExpired: 402,
  BimLicense: 402,
  EstimateLicense: 402,
  LicenseNotActive: 402,
  LicenseVersionUnsupported: 402,
  LicenseTokenInvalid: 400,
  LicenseOtherSpace: 400,
  LicenseAlreadyLoaded: 409,
  LicenseActive: 409,
  LicensePaidUsersExceeded: 409,
  SpaceNotFree: 409,
  NotFound: 404,
  Conflict: 409,
  ValidationError: 400,
  BadRequest: 400,
  InvalidCredentials: 401,
  TooManyAttempts: 429,
  NoSecretQuestion: 400,
  WrongAnswer: 400,
  ResetTokenInvalid: 400,
  LoginTaken: 409,
  EmailTaken: 409,
  AlreadyMember: 409,
  LastAdministrator: 409,
  RoleInUse: 409,
  BuiltInRole: 409,
  PrivacyPolicyNotAccepted: 400,
  FileTooLarge: 413,
  RequestTooLarge: 413,
  UnsupportedFileType: 415,
  SpaceDeleting: 409,
  VersionLocked: 409,
  CalculationError: 400,
  CalculationRunning: 409,
  EditingPeriodClosed: 403,
  InvalidHierarchy: 400,
  NothingToUndo: 409,
  NothingToRedo: 409,
  BackupNotReady: 409,
  BackupFromNewerTakt: 409,
  // The other server's answers are the caller's input here: 4xx, never 401 (that would sign the caller out here).
  RemoteUnreachable: 422,
  RemoteTlsError: 422,
  RemoteNotTakt: 422,
  RemoteTokenRefused: 422,
  RemoteNotAllowed: 422,
  RemoteBackupFailed: 422,
  RemoteArchiveTooLarge: 413,
  ResourceInUse: 409,
  AssignmentExists: 409,
  VolumeMissing: 400,
  CostAttributesMissing: 400,
  WdpLimitExceeded: 400,
  TimesheetSubmitted: 409,
  TimesheetHoursExceeded: 400,
  NotCurator: 403,
  SignInProviderNotConfigured: 404,
  ExternalSignInFailed: 401,
  ExternalAccountNotFound: 403,
  UnknownException: 500,
};

/** Message id of an error code in the i18n catalogs. */
export function errorMessageId(code: ErrorCode): string {
  return `errors.${code}`;
}

/** The error page (/error?message=…) accepts exactly these values. */
export const ERROR_PAGE_MESSAGES = ['LicenseLimit', 'Forbidden', 'LicenseNotFound', 'IPNotAllowed'] as const;
export type ErrorPageMessage = (typeof ERROR_PAGE_MESSAGES)[number];

/** One validation issue as it travels to the client: the field path and a message id with parameters. */
export interface FieldIssue {
  path: string;
  message: string;
  params?: Record<string, string | number>;
}

/** The error body of every failed REST call and the `data` of every failed tRPC call. */
export interface ErrorBody {
  success: false;
  error_code: ErrorCode;
  /** Translated text(s) when the reply carries the header `error-type: localized`. */
  error_message: string | string[];
  issues?: FieldIssue[];
  request_id?: string;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
