/** Message ids of validation texts; the i18n catalogs hold their wording (spec §5). */
export const VALIDATION = {
  required: 'validation.required',
  prohibitedCharacters: 'validation.prohibited_characters',
  maxLength: 'validation.max_length',
  passwordTooShort: 'validation.password_too_short',
  passwordTooLong: 'validation.password_too_long',
  passwordMismatch: 'validation.password_mismatch',
  passwordsNotSimilar: 'validation.passwords_not_similar',
  invalidEmail: 'validation.invalid_email',
  presetNameTaken: 'validation.preset_name_taken',
  sheetHeightMin: 'validation.sheet_height_min',
  sheetWidthMin: 'validation.sheet_width_min',
  marginMin: 'validation.margin_min',
  notANumber: 'validation.not_a_number',
  notAnInteger: 'validation.not_an_integer',
  invalidDate: 'validation.invalid_date',
  negativeDigits: 'validation.negative_digits',
  privacyPolicyRequired: 'validation.privacy_policy_required',
  invalidIp: 'validation.invalid_ip',
  outOfRange: 'validation.out_of_range',
} as const;
export type ValidationMessageId = (typeof VALIDATION)[keyof typeof VALIDATION];
