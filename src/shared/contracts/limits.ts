/**
 * Limits of the fields a person types, shared by the server's contracts and the web's forms (decision
 * 031: one source for each rule). The web's forms take these numbers and the message keys below; the
 * server's contracts keep their English messages (API clients read them), built on the same numbers.
 */
export const LIMITS = {
  /** RFC 5321's longest address. */
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  personNameMax: 100,
  organizationNameMax: 200,
  organizationAddressMax: 500,
  /** A parcel's description (the shipment form's, a bulk import's description cell). */
  packageDescriptionMax: 500,
} as const;

/**
 * The order address's fields (the shipment form, the order contract, a bulk import's cells): a
 * street line each takes `address`.
 */
export const ORDER_ADDRESS_LIMITS = {
  firstName: 60,
  lastName: 60,
  company: 100,
  address: 300,
  city: 100,
  province: 50,
  postalCode: 20,
  phone: 30,
  email: LIMITS.emailMax,
} as const;

/** The web's message keys (locales/en.json, zh.json) for the sign-in and sign-up forms' rules. */
export const AUTH_FORM_MESSAGES = {
  emailRequired: 'auth.validation.emailRequired',
  emailInvalid: 'auth.validation.emailInvalid',
  passwordRequired: 'auth.validation.passwordRequired',
  passwordMin: 'auth.validation.passwordMin',
  passwordMax: 'auth.validation.passwordMax',
  firstNameRequired: 'auth.validation.firstNameRequired',
  lastNameRequired: 'auth.validation.lastNameRequired',
} as const;

/** The web's message keys for the settings forms' rules. */
export const SETTINGS_FORM_MESSAGES = {
  required: 'settings.validation.required',
  email: 'settings.validation.email',
  currentRequired: 'settings.validation.currentRequired',
  passwordMin: 'settings.validation.passwordMin',
  passwordMax: 'settings.validation.passwordMax',
  orgNameRequired: 'settings.validation.orgNameRequired',
} as const;
