import { AREAS, AREA_LABELS, type Area } from './areas';
import { addLocalDays, type LocalDate } from './dates';
import { successRateLevel, TREND_THRESHOLD, type DatedAreaScores, type Level } from './insights';
import { mean, toPercent, type AreaScores } from './scoring';
import { EARLY_DAYS_TIPS_LEVEL, tipFor } from './tips';

/**
 * The AI Coach's pure rules: the summary of a person's recent check-ins (sent to a configured model as part of
 * its system prompt, and read by the built-in coach), the built-in coach's answers, the crisis check that both
 * coaches go through first, conversation titles and the suggested questions of the /ai-coach screen.
 */

/** How many local days the coach looks back (today included). */
export const SUMMARY_DAYS = 14;

export type CoachTrend = 'improving' | 'declining' | 'steady' | 'unknown';

export interface CoachSummary {
  today: LocalDate;
  days: number;
  /** Check-ins in the last SUMMARY_DAYS local days. */
  checkIns: number;
  lastCheckInDate: LocalDate | null;
  checkedInToday: boolean;
  /** Mean of the check-ins' scores over the period, percent; null without check-ins. */
  overall: number | null;
  /** Per-area mean over the period, percent; null without check-ins. */
  averages: Record<Area, number | null>;
  /** Up to two lowest areas, lowest first (only areas below the highest one). */
  weakest: Area[];
  /** Up to two highest areas, highest first (only areas above the lowest one). */
  strongest: Area[];
  /** The last 7 days against the 7 before: a change of 0.2 (20 points) or more is a trend. */
  trends: Record<Area, CoachTrend>;
  streak: { current: number; best: number };
}

const round9 = (x: number) => Math.round(x * 1e9) / 1e9;

/** The summary of the last SUMMARY_DAYS local days ending `today`. `history` may hold older or newer rows. */
export function summarise(history: readonly DatedAreaScores[], today: LocalDate, streak: { current: number; best: number }): CoachSummary {
  const first = addLocalDays(today, -(SUMMARY_DAYS - 1));
  const recent = history.filter((h) => h.date >= first && h.date <= today);
  const half = addLocalDays(today, -Math.floor(SUMMARY_DAYS / 2) + 1);
  const earlier = recent.filter((h) => h.date < half);
  const later = recent.filter((h) => h.date >= half);
  const averages = {} as Record<Area, number | null>;
  const trends = {} as Record<Area, CoachTrend>;
  for (const a of AREAS) {
    averages[a] = recent.length ? toPercent(mean(recent.map((h) => h.scores[a]))) : null;
    if (!earlier.length || !later.length) {
      trends[a] = 'unknown';
    } else {
      const d = round9(mean(later.map((h) => h.scores[a])) - mean(earlier.map((h) => h.scores[a])));
      trends[a] = d >= TREND_THRESHOLD ? 'improving' : d <= -TREND_THRESHOLD ? 'declining' : 'steady';
    }
  }
  const scored = AREAS.filter((a) => averages[a] !== null).map((a) => ({ a, v: averages[a]! }));
  const ascending = [...scored].sort((x, y) => x.v - y.v); // stable: ties keep the areas' order
  const max = ascending.length ? ascending[ascending.length - 1]!.v : 0;
  const min = ascending.length ? ascending[0]!.v : 0;
  const descending = [...scored].sort((x, y) => y.v - x.v);
  // The two lowest and two highest, keeping only those that are strictly below (above) every one of the other kind.
  const low = ascending.slice(0, 2).filter((x) => x.v < max);
  const high = descending.slice(0, 2).filter((x) => x.v > min);
  const weakest = low.filter((x) => high.every((y) => x.v < y.v)).map((x) => x.a);
  const strongest = high.filter((y) => low.every((x) => x.v < y.v)).map((x) => x.a);
  const dates = recent.map((h) => h.date).sort();
  return {
    today,
    days: SUMMARY_DAYS,
    checkIns: recent.length,
    lastCheckInDate: dates.length ? dates[dates.length - 1]! : null,
    checkedInToday: recent.some((h) => h.date === today),
    overall: recent.length ? toPercent(mean(recent.map((h) => mean(AREAS.map((a) => h.scores[a]))))) : null,
    averages,
    weakest,
    strongest,
    trends,
    streak: { current: Math.max(0, streak.current), best: Math.max(0, streak.best, streak.current) },
  };
}

const TREND_WORDS: Record<CoachTrend, string> = {
  improving: 'improving',
  declining: 'declining',
  steady: 'steady',
  unknown: 'trend not known yet',
};

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** The summary as a few compact lines (the configured model's system prompt carries it). */
export function summaryText(s: CoachSummary): string {
  const streak = `Streak: ${days(s.streak.current)} (best ${days(s.streak.best)}).`;
  if (!s.checkIns) return [`No check-ins in the last ${s.days} days.`, streak].join('\n');
  const areas = AREAS.map((a) => `${AREA_LABELS[a]} ${s.averages[a]}% (${TREND_WORDS[s.trends[a]]})`).join(', ');
  const names = (xs: Area[]) => (xs.length ? xs.map((a) => AREA_LABELS[a]).join(', ') : 'none stands out');
  return [
    `Check-ins in the last ${s.days} days: ${s.checkIns} (latest ${s.lastCheckInDate}; checked in today: ${s.checkedInToday ? 'yes' : 'no'}).`,
    `Overall average: ${s.overall}%.`,
    `Per-area averages (0-100%): ${areas}.`,
    `Weakest areas: ${names(s.weakest)}. Strongest areas: ${names(s.strongest)}.`,
    streak,
  ].join('\n');
}

/** The system prompt of a configured model: who it is, its limits, and the person's data. */
export function coachSystemPrompt(s: CoachSummary, firstName?: string | null): string {
  return [
    'You are the AI Coach of Big 7, a wellness check-in app where people rate seven areas of their day once a day:',
    'rest, exercise, nutrition, goals, boundaries, connection and joy.',
    "Give kind, practical and specific advice grounded in the person's own check-in data below. Answer in plain",
    'language, in under 200 words, with one to three concrete next steps.',
    'You are a wellness coach, not a therapist, doctor or other health professional: never present yourself as one,',
    'do not diagnose and do not give medical or medication advice; suggest seeing a professional when a question needs one.',
    'If the person mentions thoughts of suicide, self-harm or being in danger, do not coach: urge them to call their',
    'local emergency number or a crisis line (988 in the US, 116 123 Samaritans in the UK and Ireland, findahelpline.com elsewhere).',
    '',
    `Today is ${s.today} in the person's timezone.${firstName ? ` Their first name is ${firstName}.` : ''}`,
    `Their last ${s.days} days:`,
    summaryText(s),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// Safety: questions that signal crisis or self-harm get the crisis answer from every coach, no coaching.
// ---------------------------------------------------------------------------------------------------------

/** Lower case, typographic apostrophes made plain, runs of spaces made one. */
const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\s+/g, ' ');

const CRISIS_PATTERNS: readonly RegExp[] = [
  /\bsuicid(e|al|es)\b/,
  /\bkill(ing)? my ?self\b/,
  /\bkms\b/,
  /\b(end|ending|take|taking) (my|my own) life\b/,
  /\bend (it all|everything)\b/,
  /\bwant(ed)? to die\b/,
  /\b(wanna|going to|gonna) die\b/,
  /\bwish i (was|were|had never been) (dead|born)\b/,
  /\bbetter off (dead|without me)\b/,
  /\b(don'?t|do not|no longer) want to (live|be alive|be here anymore|exist|wake up)\b/,
  /\b(no|any) (reason|point) (to|in) (live|living|going on|being alive)\b/,
  /\bnot worth living\b/,
  /\bcan'?t go on\b/,
  /\bself[- ]?harm(ing)?\b/,
  /\b(hurt|hurting|harm|harming|cut|cutting|burn|burning) my ?self\b/,
  /\boverdos(e|ed|ing)\b/,
  /\b(someone|he|she|they|my partner) (is|are|keeps) (hurting|hitting|abusing) me\b/,
  /\b(i am|i'm|i feel) (not safe|unsafe|in danger)\b/,
];

/** True when the question signals crisis, self-harm or danger. */
export function isCrisisQuestion(question: string): boolean {
  const q = normalise(question);
  return CRISIS_PATTERNS.some((p) => p.test(q));
}

/** The caring answer to a crisis question: emergency help and crisis lines, no coaching. */
export const CRISIS_ANSWER = [
  "I'm really sorry you're going through this, and I'm glad you said something. I'm an AI wellness coach, not a therapist or doctor, and what you're describing deserves support from a real person right now.",
  'If you are in danger or might act on these thoughts, please call your local emergency number now (for example 911 in the US, 999 in the UK, 112 in the EU).',
  'You can also talk to someone at a crisis line, free and at any time:\n• US: call or text 988 (Suicide & Crisis Lifeline)\n• UK and Ireland: call 116 123 (Samaritans)\n• Elsewhere: find a local helpline at findahelpline.com',
  "If you can, reach out to someone you trust and tell them how you're feeling. You don't have to go through this alone.",
].join('\n\n');

// ---------------------------------------------------------------------------------------------------------
// The built-in coach
// ---------------------------------------------------------------------------------------------------------

const AREA_WORDS: Record<Area, RegExp> = {
  rest: /\b(sleep\w*|rest|resting|rested|restful|restless|tired\w*|exhaust\w*|insomnia|naps?|napping|bed ?time|bed|fatigue\w*|energy|wake|waking|recharge)\b/,
  exercise: /\b(exercis\w*|workouts?|work out|working out|gym|run|runs|running|jog\w*|walk\w*|fitness|fit|move|moving|movement|active|activity|sports?|training|steps|yoga|stretch\w*|cardio)\b/,
  nutrition: /\b(nutrition\w*|eat|eats|eating|ate|food\w*|diet\w*|meals?|water|hydrat\w*|drinks?|drinking|snack\w*|sugar\w*|cook\w*|breakfast|lunch|dinner|vegetables?|veggies|fruits?|caffeine|coffee|alcohol|healthy eating)\b/,
  goals: /\b(goals?|productiv\w*|motivat\w*|procrastinat\w*|plans?|planning|career|stud(y|ying|ies)|achiev\w*|tasks?|priorit\w*|deadlines?|ambition\w*|resolutions?)\b/,
  boundaries: /\b(boundar\w*|say no|saying no|overwhelm\w*|burn ?out|burnt out|burned out|stress\w*|people[- ]pleas\w*|workload|overwork\w*|too much on|me time|time for myself|work[- ]life|balance)\b/,
  connection: /\b(connect\w*|friends?|friendships?|family|lonel\w*|alone|relationships?|partner|social\w*|isolat\w*|colleagues?|kids|children|parents?|community|people)\b/,
  joy: /\b(joy\w*|happy|happiness|happier|fun|hobb(y|ies)|gratitude|grateful|enjoy\w*|bored\w*|boring|play|playing|laugh\w*|mood|smile|meaning\w*|purpose|delight\w*)\b/,
};

/** The areas a question is about, in the product's order (none for a general question). */
export function areasInQuestion(question: string): Area[] {
  const q = normalise(question);
  return AREAS.filter((a) => AREA_WORDS[a].test(q));
}

export type CoachIntent = 'strengths' | 'streak' | 'progress' | 'focus';

/** What kind of answer a question asks for, when it names no area (or besides the areas it names). */
export function questionIntent(question: string): CoachIntent {
  const q = normalise(question);
  if (/\b(strengths?|strongest|doing well|good at|best areas?|going well|best at)\b/.test(q)) return 'strengths';
  if (/\b(streaks?|consisten\w*|every day|daily|keep going|keep it up|shields?|habit\w*)\b/.test(q)) return 'streak';
  if (/\b(progress\w*|trends?|trending|how am i doing|how have i been|how i'm doing|improved|improving|getting better|getting worse|this week|last week|overall|scores? been)\b/.test(q)) return 'progress';
  return 'focus';
}

const MEDICAL_WORDS =
  /\b(doctors?|medication\w*|medicine\w*|meds|pills?|diagnos\w*|depress\w*|anxiety|panic attacks?|disorder\w*|symptoms?|therap(y|ist)|prescri\w*|illness|injur(y|ies|ed)|pain|sick|disease)\b/;

const MEDICAL_NOTE =
  "One thing to keep in mind: I'm an AI wellness coach, not a doctor or therapist. For anything about symptoms, medication, or your physical or mental health, please talk to a qualified professional, who can look at your situation properly.";

const TREND_PHRASES: Record<CoachTrend, string> = {
  improving: 'and it has been improving compared with the week before',
  declining: 'and it has slipped compared with the week before',
  steady: 'and it has held steady',
  unknown: '',
};

const pct = (n: number | null) => `${n ?? 0}%`;

/** One area's sentence: its average, trend and where it stands, then a tip for its level. */
function areaAdvice(area: Area, s: CoachSummary, seed: string): string {
  const label = AREA_LABELS[area];
  const avg = s.averages[area] ?? 0;
  const level: Level = successRateLevel(avg);
  const trend = TREND_PHRASES[s.trends[area]];
  const standing = s.weakest.includes(area)
    ? s.weakest[0] === area
      ? ' It is your lowest area right now, so a small change here will make the biggest difference.'
      : ' It is one of your lower areas right now, so it is worth some attention.'
    : s.strongest.includes(area)
      ? ' It is one of your strongest areas.'
      : '';
  return `${label} has averaged ${pct(avg)} over your last ${s.checkIns === 1 ? 'check-in' : `${s.checkIns} check-ins`}${trend ? `, ${trend}` : ''}.${standing} ${tipFor(area, level, seed)}`;
}

function streakAdvice(s: CoachSummary): string {
  const { current, best } = s.streak;
  if (current === 0) return 'Your streak is at zero right now: one check-in today starts a new one, and each day after builds on it.';
  const bestNote = best > current ? ` Your best so far is ${days(best)}, so you know you can go further.` : best > 1 ? ' That is your best yet.' : '';
  return s.checkedInToday
    ? `You have already checked in today, which keeps your ${current}-day streak going.${bestNote}`
    : `You are on a ${current}-day streak: checking in today keeps it going.${bestNote}`;
}

function declineWarning(s: CoachSummary, mentioned: readonly Area[]): string | null {
  const slipping = AREAS.filter((a) => s.trends[a] === 'declining' && !mentioned.includes(a));
  if (!slipping.length) return null;
  const names = slipping.map((a) => AREA_LABELS[a]).join(' and ');
  return `Keep an eye on ${names}: ${slipping.length === 1 ? 'it has' : 'they have'} dropped compared with the week before.`;
}

function noDataAdvice(areas: readonly Area[], seed: string): string {
  const start =
    "I don't have any check-ins from you in the last two weeks yet, so I can't see your patterns. Here is how to start: complete today's check-in when your window opens (it takes about two minutes and rates all seven areas). After a few days I can tell you which areas are your weakest and strongest and how they are trending.";
  if (!areas.length) return `${start}\n\nA good first step for most people is rest. ${tipFor('rest', EARLY_DAYS_TIPS_LEVEL, seed)}`;
  const tips = areas.slice(0, 2).map((a, i) => `${i === 0 ? 'In the meantime, for' : 'For'} ${AREA_LABELS[a].toLowerCase()}: ${tipFor(a, EARLY_DAYS_TIPS_LEVEL, seed)}`);
  return `${start}\n\n${tips.join(' ')}`;
}

const NO_DATA_STREAK =
  'Your streak grows by one for each day you check in within your window. Shields protect it on a day you miss, so one busy evening does not undo your progress.';

export interface BuiltInInput {
  question: string;
  summary: CoachSummary;
  firstName?: string | null;
}

/**
 * The built-in coach's answer: plain prose grounded in the person's summary (averages, weakest and strongest
 * areas, trends, streak) with the per-area tips. The areas a question names come first; a general question
 * gets the weakest areas; the intent (strengths, streak, progress) shapes the opening.
 */
export function builtInAdvice({ question, summary: s, firstName }: BuiltInInput): string {
  if (isCrisisQuestion(question)) return CRISIS_ANSWER;
  const seed = `${s.today}|${normalise(question.trim())}`;
  const named = areasInQuestion(question);
  const intent = questionIntent(question);
  const medical = MEDICAL_WORDS.test(normalise(question));
  if (!s.checkIns) {
    const streak = intent === 'streak' ? [NO_DATA_STREAK] : [];
    return [noDataAdvice(named, seed), ...streak, ...(medical ? [MEDICAL_NOTE] : [])].join('\n\n');
  }
  const hello = firstName ? `${firstName}, here` : 'Here';
  const parts: string[] = [];
  let mentioned: Area[] = [];
  if (named.length) {
    mentioned = named.slice(0, 3);
    parts.push(`${hello} is what your check-ins say about ${mentioned.map((a) => AREA_LABELS[a].toLowerCase()).join(' and ')}.`);
    for (const a of mentioned) parts.push(areaAdvice(a, s, seed));
    const lowest = s.weakest[0];
    if (lowest && !mentioned.includes(lowest) && intent !== 'strengths') {
      parts.push(`Your lowest area overall is ${AREA_LABELS[lowest]} (${pct(s.averages[lowest])}), if you want a second thing to work on.`);
      mentioned.push(lowest);
    }
  } else if (intent === 'strengths') {
    if (s.strongest.length) {
      mentioned = [...s.strongest];
      parts.push(`${hello} is where you are doing best.`);
      for (const a of s.strongest) parts.push(areaAdvice(a, s, seed));
      const lowest = s.weakest[0];
      if (lowest) {
        parts.push(
          `You can lean on those strengths to lift ${AREA_LABELS[lowest]} (${pct(s.averages[lowest])}), your lowest area. ${tipFor(lowest, successRateLevel(s.averages[lowest] ?? 0), seed)}`,
        );
        mentioned.push(lowest);
      }
    } else {
      parts.push(`Your seven areas are evenly balanced at about ${pct(s.overall)} over your last ${s.checkIns} check-ins, so no single area stands out.`);
    }
  } else {
    if (intent === 'streak') parts.push(streakAdvice(s));
    if (intent === 'progress') {
      const up = AREAS.filter((a) => s.trends[a] === 'improving').map((a) => AREA_LABELS[a]);
      parts.push(
        `${hello} is how you are doing: your overall average over the last ${s.days} days is ${pct(s.overall)} across ${s.checkIns} check-in${s.checkIns === 1 ? '' : 's'}.` +
          (up.length ? ` ${up.join(' and ')} ${up.length === 1 ? 'has' : 'have'} improved compared with the week before. Well done.` : ''),
      );
    }
    if (s.weakest.length) {
      mentioned = [...s.weakest];
      if (intent === 'focus') parts.push(`${hello} is where I would focus, based on your last ${s.checkIns === 1 ? 'check-in' : `${s.checkIns} check-ins`} (overall ${pct(s.overall)}).`);
      for (const a of s.weakest) parts.push(areaAdvice(a, s, seed));
      const best = s.strongest[0];
      if (best && intent === 'focus') parts.push(`Your strongest area is ${AREA_LABELS[best]} (${pct(s.averages[best])}): keep doing what works there.`);
    } else {
      const level = successRateLevel(s.overall ?? 0);
      parts.push(
        `Your seven areas are evenly balanced at about ${pct(s.overall)} over your last ${s.checkIns} check-ins. ${tipFor('rest', level, seed)}`,
      );
    }
  }
  const warning = declineWarning(s, mentioned);
  if (warning) parts.push(warning);
  if (intent !== 'streak') parts.push(streakAdvice(s));
  if (medical) parts.push(MEDICAL_NOTE);
  return parts.join('\n\n');
}

// ---------------------------------------------------------------------------------------------------------
// Conversation titles and suggested questions
// ---------------------------------------------------------------------------------------------------------

export const CONVERSATION_TITLE_MAX = 60;

/** A conversation's title: its first question on one line, shortened at a word boundary with an ellipsis. */
export function conversationTitle(question: string, max = CONVERSATION_TITLE_MAX): string {
  const line = question.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space >= max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The fixed question for each area (the suggested questions of /ai-coach). */
export const AREA_QUESTIONS: Record<Area, string> = {
  rest: 'How can I improve my sleep and rest?',
  exercise: 'How can I fit more exercise into my day?',
  nutrition: 'How can I eat better during a busy week?',
  goals: 'How can I make steady progress on my goals?',
  boundaries: 'How can I set healthier boundaries?',
  connection: 'How can I feel more connected to the people around me?',
  joy: 'How can I bring more joy into my days?',
};

/** Without a check-in today: what to focus on, sleep quality, and the boundaries question. */
export const DEFAULT_SUGGESTED_QUESTIONS: readonly string[] = [
  'What should I focus on to boost my wellness scores?',
  'How can I improve my sleep quality?',
  AREA_QUESTIONS.boundaries,
];

/** The three lowest areas of today's check-in, each with its question (ties keep the areas' order); the defaults without one. */
export function suggestedQuestions(todayScores: AreaScores | null | undefined): string[] {
  if (!todayScores) return [...DEFAULT_SUGGESTED_QUESTIONS];
  return [...AREAS]
    .sort((a, b) => todayScores[a] - todayScores[b])
    .slice(0, 3)
    .map((a) => AREA_QUESTIONS[a]);
}
