/**
 * What waits for a verified address (docs/decisions/037): a 403 with `requiresVerification: true` and one of these
 * sentences, which the screens show in place. The way to verify is the e-mailed link or the banner's Resend.
 */
export const VERIFY_FIRST_MESSAGES = {
  purchase:
    'Purchases wait until your email address is verified. Open the link we emailed you, or choose Resend in the banner at the top to get a new one.',
  support:
    'Support messages wait until your email address is verified. Open the link we emailed you, or choose Resend in the banner at the top to get a new one.',
} as const;
export type VerifyFirstReason = keyof typeof VERIFY_FIRST_MESSAGES;
