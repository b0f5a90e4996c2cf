import { APP_VERSION } from '@shared/version';
import { checkInWindow as w, feedbackMax, labels, price, streakFacts } from './facts';

export interface Release {
  version: string;
  /** ISO date the release shipped. */
  date: string;
  title: string;
  notes: readonly string[];
}

/**
 * What's New (spec part 2 §2): this product's own release notes, newest first, written from what actually
 * shipped (the repository's history: November 22, 24 and 25, 2026). The first entry is the running version.
 */
export const RELEASES: readonly Release[] = [
  {
    version: APP_VERSION,
    date: '2026-11-25',
    title: 'Feedback and help pages',
    notes: [
      `Send us feedback from Settings: up to ${feedbackMax.toLocaleString('en-US')} characters, and every message is read by the team.`,
      'A new FAQ answers the common questions about check-ins, streaks, shields, plans and your data.',
      'A complete Privacy Policy and Terms of Service, readable before you sign up as well.',
      'These release notes, so you can see what changed.',
    ],
  },
  {
    version: '2.2.0',
    date: '2026-11-24',
    title: 'Faster, steadier, clearer',
    notes: [
      'The app opens signed in straight away and checks your session in the background.',
      'After a check-in, your streak, shields, calendar, rewards and plan all refresh at once.',
      'If you check in early on your first day, the dashboard tells you when that evening\'s update window opens.',
      'Streak recovery keeps the streak you lost, even if you miss another day while the offer is open.',
      'Trials end on time even if you do not open the app, and a missed day is settled without you lifting a finger.',
      'Sign-up and password e-mails no longer slow the screens down, and error messages now say what to do next.',
      'Shared links show a proper title and description.',
    ],
  },
  {
    version: '2.1.0',
    date: '2026-11-22',
    title: 'Streaks, shields and your plan',
    notes: [
      'The streak screen: milestones, recent activity, a monthly calendar with the details of each check-in, and your shields.',
      `Shields cover a missed day automatically; buy one for ${price.shield}, or recover a lost streak of ${streakFacts.recoveryMinStreak} days or more for ${price.recovery}.`,
      `Milestone rewards: ${streakFacts.rewards.map((r) => `${r.milestone} days in a row unlock ${streakFacts.trialDays} free days of ${labels[r.tier]}`).join(', ')}.`,
      'Membership: see your current plan and redeem coupon codes.',
      `Settings: choose your check-in time, from ${w.earliest} to ${w.latest} in ${w.stepMinutes}-minute steps.`,
    ],
  },
  {
    version: '2.0.0',
    date: '2026-11-22',
    title: 'Big 7 is here',
    notes: [
      'Create an account with your e-mail address or Google; confirm your address and reset your password by e-mail.',
      'The daily check-in: seven questions on rest, exercise, nutrition, goals, boundaries, connection and joy, answered yes or no, or on a five-point scale on Premium.',
      `Your check-in window opens at your check-in time (${w.defaultOpens} by default) and closes at midnight in your time zone, and your first check-in can happen any time in your first day.`,
      'Journal notes for each question on the AI Coach plan.',
      'Your dashboard with your score, a page for each area, weekly trends and personalised tips.',
      'Light and dark themes, and a layout made for phones.',
    ],
  },
];
