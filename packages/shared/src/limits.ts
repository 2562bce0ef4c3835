/** Field limits of spec §5 and §9: one source for server checks, input maxLength and counters. */
export const LIMITS = {
  login: { emailMin: 8, emailMax: 128, passwordMin: 8, passwordMax: 128 },
  password: { min: 8, max: 128 },
  user: { nameMaxCreate: 128, nameMaxEdit: 64, emailMax: 128 },
  centre: { nameMax: 128, addressMax: 128, cityMax: 64, phoneMax: 15, logoMaxBytes: 70000 },
  /** Spec §9: a document's description is shown cut at 100 characters, the whole text at hand. */
  documentDescriptionTruncate: 100,
  toastMs: 3000,
  dashboardLinkSeconds: 600,
} as const;

/** Centre id that stands for "no centre" (spec §3) and report filter "All" (spec §9). */
export const NO_CENTRE_ID = -1;
export const ALL_CENTRES_ID = -1;

export const APP_VERSION = '1.6.0';
export const PRODUCT_NAME = 'Cairn';
