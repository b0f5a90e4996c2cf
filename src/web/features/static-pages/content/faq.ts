import { checkInWindow as w, feedbackMax, LEGAL_FACTS, labels, orList, price, PRODUCT_NAME, shields, streakFacts } from './facts';

/** A paragraph, or a bulleted list. */
export type Block = string | { list: readonly string[] };

export interface FaqItem {
  id: string;
  question: string;
  answer: readonly Block[];
}
export interface FaqCategory {
  title: string;
  items: readonly FaqItem[];
}

const rewardLine = streakFacts.rewards
  .map((r) => `${r.milestone} days in a row: ${streakFacts.trialDays} days of ${labels[r.tier]} free`)
  .join('; ');
const milestoneNames = streakFacts.milestones.map((m) => `${m.name} (${m.label})`).join(', ');

/** The FAQ (spec part 2 §2): 16 questions in seven categories, true to this product. */
export const FAQ: readonly FaqCategory[] = [
  {
    title: 'Getting Started',
    items: [
      {
        id: 'what-is',
        question: `What is ${PRODUCT_NAME}?`,
        answer: [
          `${PRODUCT_NAME} is a daily wellness check-in. Once a day, in about two minutes, you rate seven areas of your life: rest, exercise, nutrition, goals, boundaries, connection and joy. Your dashboard then shows your score, your strongest and weakest areas and how they change over time.`,
          `It is for anyone aged ${LEGAL_FACTS.minimumAge} or older who wants a simple daily habit of noticing how they are doing. It is not a medical service.`,
        ],
      },
      {
        id: 'first-steps',
        question: 'How do I get started?',
        answer: [
          'Create an account with your e-mail address (we send you a link to confirm it) or sign in with Google.',
          `Your first check-in does not have to wait for the evening: for the first ${w.orientationHours} hours after you sign up you can check in at any time. After that, check-ins happen in your daily window.`,
          'Tip: add the app to your home screen so it opens like any other app.',
        ],
      },
    ],
  },
  {
    title: 'Daily Check-ins',
    items: [
      {
        id: 'window',
        question: 'When can I check in?',
        answer: [
          `Every day your check-in window opens at your check-in time (${w.defaultOpens} unless you change it) and closes at ${w.closes}, in your own time zone. The day follows the time zone of your device, and the app updates it when you travel.`,
          'Inside the window you can check in once; after that the button reads UPDATE CHECK-IN and you can change your answers until midnight. After midnight that day is locked.',
        ],
      },
      {
        id: 'check-in-time',
        question: 'Can I change my check-in time?',
        answer: [
          `Yes, in Settings. You can pick any time from ${w.earliest} to ${w.latest} in ${w.stepMinutes}-minute steps. The window always closes at midnight.`,
          "Once today's window has opened, the time is locked until midnight, so a day's window can never be moved while it is running.",
        ],
      },
      {
        id: 'offline',
        question: 'Can I check in without an internet connection?',
        answer: [
          'Yes. If you are offline, your check-in is saved on your device and sent as soon as you are back online; you will see a "Synced" message when it arrives.',
          `It counts for the day you made it, as long as you made it inside that day's window and it reaches us within ${w.offlineHours} hours. If that day had already been settled as missed, it is corrected: a shield that was used comes back and a broken streak is restored. A check-in sent twice is only ever counted once.`,
        ],
      },
    ],
  },
  {
    title: 'Streaks & Shields',
    items: [
      {
        id: 'streak',
        question: 'How does my streak work?',
        answer: [
          'Your streak is the number of days in a row you have checked in. Each check-in inside the window adds a day.',
          `Milestones along the way: ${milestoneNames}. Some come with a reward: ${rewardLine}. Each reward can be claimed once.`,
          'Beside your streak, your strength shows how steadily you check in: each day moves it a little, and recent days count most. A missed day lowers it a little; a shield or a rest day keeps it.',
        ],
      },
      {
        id: 'shields',
        question: 'What are shields?',
        answer: [
          'A shield protects your streak on a day you miss. When the day ends without a check-in, a shield is used automatically, even if you do not open the app, and your streak carries on.',
          {
            list: [
              `${labels.free}: no shields`,
              `${labels['ad-free']}: ${shields.adFree}`,
              `${labels.premium}: ${shields.premium}`,
              `${labels['ai-coach']}: ${shields.aiCoach}`,
            ],
          },
          `Shields are granted when a plan or trial starts. You can also buy a single shield for ${price.shield}.`,
          `Rest days sit beside shields for the days off you know about (a surgery, a wedding, a trip): plan them on the Streak page at least a day ahead, up to ${streakFacts.restDaysMaxAhead} days ahead and ${streakFacts.restDaysPerYear} a year on every plan. A rest day without a check-in keeps your streak as it was and uses no shield; a check-in on one counts as usual and gives the rest day back. Shields cover the days you did not plan.`,
        ],
      },
      {
        id: 'recovery',
        question: 'I lost my streak. Can I get it back?',
        answer: [
          `If a streak of ${streakFacts.recoveryMinStreak} days or more was lost in the last ${streakFacts.recoveryWindowDays} days, you can recover it once for ${price.recovery}: the streak comes back as it was. You can also decline the offer and start fresh.`,
        ],
      },
    ],
  },
  {
    title: 'Subscriptions & Pricing',
    items: [
      {
        id: 'plans',
        question: 'What plans are there and what do they cost?',
        answer: [
          {
            list: [
              `${labels.free} ($0): seven yes-or-no questions a day, streaks and your dashboard.`,
              `${labels['ad-free']} (${price.adFree}/month): everything in Free without the in-app upgrade card, and ${shields.adFree}.`,
              `${labels.premium} (${price.premium}/month): answers on a five-point scale, personalised tips and weekly insights, and ${shields.premium}.`,
              `${labels['ai-coach']} (${price.aiCoach}/month): everything in Premium, a journal note per question, the AI Coach, and ${shields.aiCoach}.`,
              `${labels.therapy} (${price.therapy} per session): coming soon, not yet available.`,
            ],
          },
          `Single purchases: a shield costs ${price.shield}, a streak recovery ${price.recovery}.`,
        ],
      },
      {
        id: 'changes',
        question: 'How do upgrades, downgrades, trials and coupons work?',
        answer: [
          'You upgrade from the Membership screen through a secure checkout; you are only charged once the payment succeeds, and cancelling the checkout charges nothing. Moving to a lower plan asks you to confirm first. Whatever plan you are on, your check-ins and history are kept.',
          `Trials last ${streakFacts.trialDays} days and end by themselves, returning you to the plan you had; you will see a note when one ends. Coupon codes and milestone rewards give trials; each can be used once per person. Price changes are announced ${LEGAL_FACTS.priceChangeNoticeDays} days ahead.`,
        ],
      },
    ],
  },
  {
    title: 'Technical Support',
    items: [
      {
        id: 'reminders',
        question: 'How do reminders work?',
        answer: [
          `With notifications turned on in Settings, you get a daily reminder when your window opens and, if you turn it on too, a last-chance reminder ${w.lastChanceMinutes} minutes before the window closes.`,
          'Your browser asks for permission the first time. If you blocked notifications, allow them for this site in your browser settings, then turn them on again in Settings.',
        ],
      },
      {
        id: 'devices',
        question: 'Which devices does it work on?',
        answer: [
          `${PRODUCT_NAME} runs in any up-to-date browser on phones, tablets and computers. You can install it to your home screen from the browser menu ("Add to Home Screen" or "Install app"). Sign in with the same account on each device; your data lives with your account, not on the device.`,
        ],
      },
      {
        id: 'data',
        question: 'Can I download or delete my data?',
        answer: [
          `Yes. On the Account screen you can download your wellness data as ${orList(LEGAL_FACTS.exportFormats)}.`,
          `Delete Account on the same screen deletes your account at once; all your data is removed from our systems, backups included, within ${LEGAL_FACTS.dataRemovalDays} days. See the Privacy Policy for the details.`,
        ],
      },
    ],
  },
  {
    title: 'AI Coach',
    items: [
      {
        id: 'ai-coach',
        question: 'What is the AI Coach?',
        answer: [
          `The AI Coach is part of the ${labels['ai-coach']} plan (${price.aiCoach}/month). Ask it a question and it answers from your own check-ins: your recent scores, your strongest and weakest areas, your trends and your streak. Your conversations are kept so you can come back to them, and you can delete any of them.`,
          'It is a wellness coach, not a therapist or a doctor. If you are in crisis or thinking about harming yourself, please contact your local emergency number or a crisis line straight away.',
        ],
      },
    ],
  },
  {
    title: 'Troubleshooting',
    items: [
      {
        id: 'cannot-check-in',
        question: "Why can't I check in right now?",
        answer: [
          `Outside your window the button shows when the window opens next, for example "Check-in opens at ${w.defaultOpens}". If you have already checked in today you can still update it until midnight.`,
          'If the time looks wrong, check the time zone of your device: your day follows it. A missed day is covered by a shield if you have one.',
        ],
      },
      {
        id: 'help',
        question: "Something isn't working. How do I get help?",
        answer: [
          `First try Check for Updates in Settings, then sign out and in again. If the problem stays, use Contact Support on the Account screen; we reply within about ${LEGAL_FACTS.supportReplyHours} hours.`,
          `You can also send us feedback (up to ${feedbackMax.toLocaleString('en-US')} characters) from Settings. We read every message.`,
        ],
      },
    ],
  },
];
