/**
 * Page metadata per route (spec part 1 §2.1): title, description, keywords, canonical link and social tags.
 * The routes the spec names have their own entry; every other path gets the default. The server writes them
 * into the HTML it serves (so links shared before any script runs are right) and the client updates them on
 * each route change. Canonical links use the configured public origin (APP_URL).
 */
export interface PageMetadata {
  title: string;
  description: string;
  keywords: string;
}

export const BRAND = 'Big 7';
const BASE_KEYWORDS = 'wellness, daily check-in, wellbeing, habit tracker, streak, mental health';

export const DEFAULT_METADATA: PageMetadata = {
  title: `${BRAND} - Daily Wellness Check-in`,
  description:
    'Rate seven wellbeing areas in about two minutes a day: rest, exercise, nutrition, goals, boundaries, connection and joy. Keep your streak and see where you stand.',
  keywords: BASE_KEYWORDS,
};

export const ROUTE_METADATA: Readonly<Record<string, PageMetadata>> = {
  '/': DEFAULT_METADATA,
  '/dashboard': {
    title: `Dashboard | ${BRAND}`,
    description: 'Your overall wellness score, streak, check-in window and the seven areas at a glance.',
    keywords: `${BASE_KEYWORDS}, dashboard, wellness score`,
  },
  '/checkin': {
    title: `Daily Check-in | ${BRAND}`,
    description: 'Rate rest, exercise, nutrition, goals, boundaries, connection and joy in about two minutes.',
    keywords: `${BASE_KEYWORDS}, check-in, self-assessment`,
  },
  '/trends': {
    title: `Weekly Trends | ${BRAND}`,
    description: 'See how each of your seven wellbeing areas moved over the last seven days.',
    keywords: `${BASE_KEYWORDS}, trends, weekly insights`,
  },
  '/streak': {
    title: `Streak Journey | ${BRAND}`,
    description: 'Your streak, milestones, recent activity and the shields that protect it.',
    keywords: `${BASE_KEYWORDS}, streak, milestones, shields`,
  },
  '/tips': {
    title: `Personalized Tips | ${BRAND}`,
    description: 'Tips for your weakest and strongest wellbeing areas, based on your check-ins.',
    keywords: `${BASE_KEYWORDS}, tips, personalised advice`,
  },
  '/upgrade': {
    title: `Membership | ${BRAND}`,
    description: 'Compare the Free, Ad-Free, Premium and AI Coach plans and choose the one that fits you.',
    keywords: `${BASE_KEYWORDS}, membership, premium, subscription`,
  },
  '/ai-coach': {
    title: `AI Coach | ${BRAND}`,
    description: 'Ask the AI wellness coach questions grounded in your own check-in history.',
    keywords: `${BASE_KEYWORDS}, ai coach, wellness coach`,
  },
  '/settings': {
    title: `Settings | ${BRAND}`,
    description: 'Notifications, reminders, dark mode, check-in time and app information.',
    keywords: `${BASE_KEYWORDS}, settings, reminders`,
  },
  '/account': {
    title: `Account | ${BRAND}`,
    description: 'Your profile, purchase history and account options.',
    keywords: `${BASE_KEYWORDS}, account, profile`,
  },
  '/privacy': {
    title: `Privacy Policy | ${BRAND}`,
    description: 'How Big 7 collects, uses and protects your personal and wellness data.',
    keywords: `${BASE_KEYWORDS}, privacy policy, data protection`,
  },
  '/terms': {
    title: `Terms of Service | ${BRAND}`,
    description: 'The terms that apply when you use Big 7.',
    keywords: `${BASE_KEYWORDS}, terms of service`,
  },
};

/**
 * Longest page path handled as itself. The app's routes are far shorter; a longer path (only ever typed or
 * crafted) is treated as the root, so no work done for a request path grows with what the client sends.
 */
export const MAX_PAGE_PATH_LENGTH = 1024;

/** The text without its trailing slashes (string code: the pattern /\/+$/ backtracks quadratically on slash runs). */
export function trimTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2f) end--;
  return text.slice(0, end);
}

/** The page a path names: trailing slashes ignored, '/' for the root, for an empty path and for one over the cap. */
export function pagePath(pathname: string): string {
  if (pathname.length > MAX_PAGE_PATH_LENGTH) return '/';
  return trimTrailingSlashes(pathname) || '/';
}

/** The metadata of a path: its own entry, else the default. A trailing slash is ignored. */
export function metadataFor(pathname: string): PageMetadata {
  const page = pagePath(pathname);
  // Own entries only: a path such as '__proto__' must not reach Object.prototype.
  return Object.hasOwn(ROUTE_METADATA, page) ? ROUTE_METADATA[page]! : DEFAULT_METADATA;
}

/** The canonical URL of a path on the given origin (no query string or hash). */
export function canonicalUrl(origin: string, pathname: string): string {
  return `${trimTrailingSlashes(origin)}${pagePath(pathname)}`;
}

/** The social-share image of the app on an origin. */
export const shareImageUrl = (origin: string): string => `${trimTrailingSlashes(origin)}/icon-512.png`;

/** The meta tag through which the server tells the client its public origin (APP_URL). */
export const APP_ORIGIN_META = 'big7:origin';
