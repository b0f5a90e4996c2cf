import type { Block } from './faq';
import { checkInWindow as w, LEGAL_FACTS as F, labels, orList, price, PRODUCT_NAME, shields } from './facts';

export interface LegalSection {
  id: string;
  title: string;
  body: readonly Block[];
}
export interface LegalDocument {
  title: string;
  /** ISO date of the last change, shown as 'Last updated November 25, 2026'. */
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
}

/** 'November 25, 2026' from '2026-11-25', whatever the reader's time zone. */
export const formatLegalDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const LAST_UPDATED = '2026-11-25';
const support = `Contact Support on the Account screen of the app (we reply within about ${F.supportReplyHours} hours)`;

/** /privacy (spec part 2 §2): what Big 7 keeps, why, where, for how long, and what you can do about it. */
export const PRIVACY: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: LAST_UPDATED,
  intro: `${PRODUCT_NAME} helps you check in with yourself once a day. To do that it has to keep some of your data. This policy says what we keep, why, where, for how long, and how you stay in control of it. We do not sell your data and we do not show third-party advertising.`,
  sections: [
    {
      id: 'collect',
      title: 'What we collect',
      body: [
        {
          list: [
            'Account: your first name (and last name if you give one), your e-mail address, and your password stored only as a one-way hash. If you sign in with Google, the Google account identifier and e-mail address Google shares with us.',
            'Profile, if you choose to add it: age and gender.',
            'Check-ins: the date, your answers for the seven areas and the scores computed from them, and, on the AI Coach plan, the journal notes you write.',
            'Streak and plan: your streak, shields, milestone rewards, trials, coupons used, plan and purchase history (amounts and dates, never your card details).',
            'Settings: your time zone, check-in time, theme and reminder choices, and the push address your browser gives us if you turn reminders on.',
            'Messages you send us: feedback and support requests, with the name and e-mail address on your account at the time. On the AI Coach plan, your questions to the coach and its answers.',
            'Technical data: the IP address and time of requests, kept briefly in server logs and used to limit abuse (for example too many sign-in attempts).',
          ],
        },
      ],
    },
    {
      id: 'why',
      title: 'Why we use it',
      body: [
        {
          list: [
            'To run the service: sign you in, open your check-in window in your time zone, keep your streak and shields, and show your scores, tips and trends.',
            'To send the e-mails you need (address confirmation, password reset, replies to support) and the reminders you asked for.',
            'To take payments for plans, shields and recoveries, and to apply trials and coupons.',
            'To keep the service secure and working: rate limits, fraud prevention and fixing errors.',
            'To improve the product from totals across all users (for example how many people check in each day). These figures never identify you.',
          ],
        },
        'We use your data only for these purposes. The legal bases are the contract with you (running the service you signed up for), our legitimate interest in keeping it secure, and your consent where we ask for it (reminders, optional profile fields).',
      ],
    },
    {
      id: 'where',
      title: 'Where it is stored',
      body: [
        `Your data is stored in the database of the servers that run ${PRODUCT_NAME}, reached only over encrypted connections (HTTPS). Passwords are hashed with a memory-hard algorithm (argon2id) and cannot be read back, not even by us.`,
        `Your device keeps a small copy of your public profile so the app opens quickly (for up to ${F.sessionDays} days), your theme choice, and any check-in made offline until it has been sent.`,
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: [
        `${PRODUCT_NAME} uses a single session cookie: it keeps you signed in for up to ${F.sessionDays} days, cannot be read by scripts and is not sent to other sites. Only while you sign in with Google, a few short-lived cookies (10 minutes) protect that sign-in against forgery; they are removed when it completes. We use no advertising, analytics or tracking cookies, so there is nothing to opt out of.`,
      ],
    },
    {
      id: 'third-parties',
      title: 'Third parties',
      body: [
        'We share only what each service needs to do its job:',
        {
          list: [
            'Stripe processes payments. Your card details go to Stripe directly and never reach our servers; we receive whether the payment succeeded.',
            'Our e-mail delivery provider sends the e-mails above; it receives your e-mail address and the message.',
            "Your browser's push service (run by your browser's maker) delivers reminders; it receives the reminder text and an address for your browser, not your check-ins.",
            'Google, only if you choose to sign in with Google.',
            'An AI provider, only on the AI Coach plan and only if the service is configured to use one: it receives your question, the conversation so far and a short summary of your last 14 days of check-ins. Otherwise the coach runs on our own servers.',
          ],
        },
        'We never sell your data or share it with advertisers.',
      ],
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: [
        'We keep your data while your account exists. Server logs are kept for a short time only.',
        `When you delete your account, you are signed out and your account, check-ins, journal notes, conversations, feedback and settings are deleted at once. Copies in backups are removed within ${F.dataRemovalDays} days, after which nothing of your account remains, except the one item below.`,
        'One-time offers: so that a coupon or trial offer can be used only once per e-mail address, we keep a keyed hash of the address of a deleted account. It is a one-way code made with a secret key; it cannot be turned back into your address and is used for nothing else. Payment records that the law requires us to keep are kept for the period it requires.',
      ],
    },
    {
      id: 'rights',
      title: 'Your choices and rights',
      body: [
        {
          list: [
            'See and correct: your profile is on the Account screen, where you can change your name, age and gender.',
            `Export: download your wellness data as ${orList(F.exportFormats)} from the Account screen.`,
            'Delete: Delete Account on the Account screen removes your account as described above.',
            'Reminders: turn them on or off in Settings at any time.',
          ],
        },
        `You may also ask us for a copy of everything we hold about you, object to a use of it, or complain to your data-protection authority. To ask, use ${support}.`,
      ],
    },
    {
      id: 'children',
      title: 'Children',
      body: [
        `${PRODUCT_NAME} is not for children under ${F.minimumAge}. If an age under ${F.minimumAge} is entered, the account is deleted. If you believe a child under ${F.minimumAge} has an account, please tell us and we will delete it.`,
      ],
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: ['If we change this policy we update the date above, and we tell you in the app before a change that affects how your data is used takes effect.'],
    },
    {
      id: 'contact',
      title: 'Contact',
      body: [`Questions about your privacy or this policy: use ${support}.`],
    },
  ],
};

/** /terms (spec part 2 §2): acceptance … contact, every section the spec lists. */
export const TERMS: LegalDocument = {
  title: 'Terms of Service',
  lastUpdated: LAST_UPDATED,
  intro: `These terms are the agreement between you and the operator of ${PRODUCT_NAME} ("we", "us") for the use of the ${PRODUCT_NAME} app and service. Please read them; they are written to be short and clear.`,
  sections: [
    {
      id: 'acceptance',
      title: '1. Acceptance of these terms',
      body: [
        `By creating an account or using ${PRODUCT_NAME} you accept these terms and our Privacy Policy. If you do not accept them, please do not use the service. You must be at least ${F.minimumAge} years old; if you are under the age of majority where you live, a parent or guardian must agree to these terms for you.`,
      ],
    },
    {
      id: 'service',
      title: '2. The service',
      body: [
        `${PRODUCT_NAME} is a daily wellness check-in: once a day, in your check-in window (from your check-in time, ${w.defaultOpens} by default, until ${w.closes} in your time zone), you rate seven areas of your life, keep a streak protected by shields, and see your scores, trends and tips. Paid plans add features such as a five-point answer scale, personalised tips, journal notes and an AI Coach.`,
        'We work to keep the service available and accurate, but we may change, add or remove features, and the service may occasionally be unavailable for maintenance or reasons outside our control.',
      ],
    },
    {
      id: 'responsibilities',
      title: '3. Your responsibilities',
      body: [
        {
          list: [
            'Give accurate account information and keep your password to yourself. You are responsible for what happens in your account.',
            'Use the service for your own, personal wellbeing.',
            'Tell us through Contact Support if you think someone else has used your account.',
          ],
        },
      ],
    },
    {
      id: 'medical',
      title: '4. Medical disclaimer',
      body: [
        `${PRODUCT_NAME} is a self-reflection tool, not a medical device or a healthcare service. Scores, tips, insights and the AI Coach's answers are general wellness information; they are not a diagnosis, treatment or professional advice, and the AI Coach is not a therapist or a doctor.`,
        'Talk to a qualified professional about any health concern, and never delay seeking help because of something in the app. If you are in crisis or may harm yourself or someone else, call your local emergency number or a crisis line now.',
      ],
    },
    {
      id: 'subscriptions',
      title: '5. Plans, payments and subscriptions',
      body: [
        {
          list: [
            `${labels.free}: $0. ${labels['ad-free']}: ${price.adFree} per month, with ${shields.adFree}. ${labels.premium}: ${price.premium} per month, with ${shields.premium}. ${labels['ai-coach']}: ${price.aiCoach} per month, with ${shields.aiCoach}. ${labels.therapy}: coming soon, not for sale.`,
            `Single purchases: a shield costs ${price.shield}; a streak recovery costs ${price.recovery}.`,
            'Subscriptions renew monthly until you cancel or move to another plan. Payments are processed by Stripe; prices are in US dollars, and any tax is shown at checkout before you pay.',
            'Trials from rewards or coupons are free, last the stated number of days, end by themselves and never turn into a paid plan without your action. Each offer can be used once per person.',
            `We announce price changes at least ${F.priceChangeNoticeDays} days before they apply; a new price applies from your next billing period after that.`,
            'Shields and recoveries are used up when they are applied and are not refundable once used. Nothing in these terms limits the refund rights the law of your country gives you.',
          ],
        },
      ],
    },
    {
      id: 'ip',
      title: '6. Intellectual property',
      body: [
        `The app, its design, texts, tips and the ${PRODUCT_NAME} name and logo belong to us or our licensors. We give you a personal, non-transferable right to use the app while your account is open. What you write (check-ins, journal notes, messages) stays yours; you let us store and process it only to provide the service to you.`,
      ],
    },
    {
      id: 'prohibited',
      title: '7. Prohibited uses',
      body: [
        'You may not:',
        {
          list: [
            'break or try to break the security of the service, or access accounts or data that are not yours;',
            'overload the service, or use bots or scripts to call it, beyond normal personal use;',
            'copy, resell or re-publish the service or its content;',
            'use it to break the law or to harass or harm anyone;',
            'get around payments, shields, trials or one-time offers (for example with many accounts).',
          ],
        },
      ],
    },
    {
      id: 'liability',
      title: '8. Limitation of liability',
      body: [
        'The service is provided "as is". To the extent the law allows, we are not liable for indirect or consequential losses, for lost streaks or data caused by events outside our reasonable control, or for decisions you take based on the app.',
        `Our total liability to you for any claim is limited to the amount you paid us in the ${F.liabilityMonths} months before the claim arose. Nothing here limits liability that cannot be limited by law, such as for death or personal injury caused by negligence, or for fraud.`,
      ],
    },
    {
      id: 'privacy',
      title: '9. Data and privacy',
      body: [
        `How we handle your data is described in our Privacy Policy, which is part of these terms. You can download your data (${orList(F.exportFormats)}) or delete your account at any time; after deletion your data is removed within ${F.dataRemovalDays} days.`,
      ],
    },
    {
      id: 'termination',
      title: '10. Ending the agreement',
      body: [
        'You can stop at any time by deleting your account on the Account screen; a subscription then ends and is not renewed.',
        'We may suspend or close an account that seriously or repeatedly breaks these terms, after warning you where that is reasonable. If we close the service itself, we will tell you in advance and refund any period you have paid for but not used.',
      ],
    },
    {
      id: 'changes',
      title: '11. Changes to these terms',
      body: [
        `We may update these terms; the date above shows the latest version. We tell you in the app before an important change applies, and price changes at least ${F.priceChangeNoticeDays} days ahead. If you keep using the service after a change applies, the new terms apply; if you do not agree, you can delete your account.`,
      ],
    },
    {
      id: 'law',
      title: '12. Governing law',
      body: [
        'These terms are governed by the law of the place where the operator of this service is established, without regard to its conflict-of-law rules. If you use the service as a consumer, you also keep the protection of the mandatory laws of the country where you live, and you may bring a claim in its courts.',
      ],
    },
    {
      id: 'contact',
      title: '13. Contact',
      body: [`Questions about these terms: use ${support}. You can also send us feedback from Settings.`],
    },
  ],
};
