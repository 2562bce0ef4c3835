/** Where users write when something breaks (error page, help footer). */
export const SUPPORT_EMAIL = 'support@cairn.example';
