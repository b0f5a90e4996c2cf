import { AREAS, AREA_LABELS, type Area, mean, toPercent, type AreaScores } from './scoring';
import { addLocalDays, type LocalDate } from './dates';
import { successRateLevel, TREND_THRESHOLD, type DatedAreaScores, type Level } from './insights';
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
  /** "What moves what" findings of the person's history (correlations), strongest first; absent or empty when none. */
  findings?: readonly CoachFinding[];
  /** The person's journal notes of the last SUMMARY_DAYS days, newest first. */
  notes?: readonly CoachNote[];
}

/** A correlation finding as the coach reads it (shared/domain/correlations). */
export interface CoachFinding {
  a: Area;
  b: Area;
  lag: 0 | 1;
  text: string;
}

/** One journal note: the area it was written for, its check-in's date and its text. */
export interface CoachNote {
  date: LocalDate;
  area: Area;
  text: string;
}

/** The prompt carries at most this many findings and notes, and at most this many characters of notes. */
export const PROMPT_LIMITS = { findings: 5, notes: 20, noteChars: 2_400 } as const;

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
    ...promptFindings(s),
    ...promptNotes(s),
  ].join('\n');
}

/** The findings, for the prompt: associations in the person's history, never causes. */
function promptFindings(s: CoachSummary): string[] {
  const fs = (s.findings ?? []).slice(0, PROMPT_LIMITS.findings);
  if (!fs.length) return [];
  return ['', 'Patterns in their check-in history (associations, not causes; do not claim one area causes another):', ...fs.map((f) => `- ${f.text}`)];
}

/**
 * The journal notes, for the prompt: newest first, at most PROMPT_LIMITS.notes of them and PROMPT_LIMITS.noteChars
 * characters in all (each note is at most 280). The person's own words: quote a few when they bear on the question.
 */
function promptNotes(s: CoachSummary): string[] {
  const lines: string[] = [];
  let used = 0;
  for (const n of (s.notes ?? []).slice(0, PROMPT_LIMITS.notes)) {
    const line = `- ${n.date}, ${AREA_LABELS[n.area]}: ${oneLine(n.text)}`;
    if (used + line.length > PROMPT_LIMITS.noteChars) break;
    lines.push(line);
    used += line.length;
  }
  if (!lines.length) return [];
  return ['', `Their journal notes of the last ${s.days} days (their own words; quote a few when they bear on the question):`, ...lines];
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

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

/**
 * The topics a question can be about, each with the areas that carry it (the first is the main one) and the words that
 * name it. A question is answered about its topics, in the order it names them; an area's own name counts too.
 */
export const TOPICS = {
  sleep: { areas: ['rest'], words: /\b(sleep\w*|insomnia|naps?|napping|bed ?time|bed|tired\w*|exhaust\w*|fatigue\w*|wak(e|ing) up|woke up|rest|resting|rested|restful|restless)\b/ },
  energy: { areas: ['rest', 'nutrition'], words: /\b(energy|energi[sz]ed|sluggish|drain\w*|low on energy|recharg\w*)\b/ },
  stress: { areas: ['boundaries', 'rest'], words: /\b(stress\w*|overwhelm\w*|anxious|burn ?out|burnt out|burned out|pressure|tense|worr(y|ied|ies|ying)|calm)\b/ },
  work: { areas: ['goals', 'boundaries'], words: /\b(work(?!s? ?out)|job|boss|office|career|workload|overtime|overwork\w*|colleagues?|co-?workers?|emails?)\b/ },
  meetings: { areas: ['boundaries', 'goals'], words: /\b(meetings?|calls?|zoom|calendar|back[- ]to[- ]back)\b/ },
  movement: { areas: ['exercise'], words: /\b(exercis\w*|workouts?|work out|working out|gym|run|runs|running|jog\w*|walk\w*|fitness|fit|move|moving|movement|active|activity|sports?|training|steps|yoga|stretch\w*|cardio|sitting|sedentary)\b/ },
  food: { areas: ['nutrition'], words: /\b(nutrition\w*|eat|eats|eating|ate|food\w*|diet\w*|meals?|snack\w*|sugar\w*|cook\w*|breakfast|lunch|dinner|vegetables?|veggies|fruits?|hungry|cravings?)\b/ },
  drinks: { areas: ['nutrition'], words: /\b(water|hydrat\w*|caffeine|coffee|alcohol|drinks?|drinking|wine|beer)\b/ },
  people: { areas: ['connection'], words: /\b(friends?|friendships?|family|relationships?|partner|social(?! media)\w*|people(?![- ]pleas)|kids|children|parents?|community|connect\w*|dating)\b/ },
  loneliness: { areas: ['connection', 'joy'], words: /\b(lonel\w*|alone|isolat\w*|left out)\b/ },
  mood: { areas: ['joy'], words: /\b(mood\w*|happy|happiness|happier|sad|sadness|feel(ing)? (down|low|flat|good|bad|better|worse)|joy\w*|fun|enjoy\w*|bored\w*|boring|gratitude|grateful|laugh\w*|cheer\w*)\b/ },
  motivation: { areas: ['goals', 'joy'], words: /\b(motivat\w*|unmotivated|procrastinat\w*|lazy|discipline|willpower|stuck)\b/ },
  focus: { areas: ['goals'], words: /\b(concentrat\w*|productiv\w*|distract\w*|stay focused|can'?t focus|trouble focus\w*|tasks?|to-?do|deadlines?|priorit\w*)\b/ },
  goals: { areas: ['goals'], words: /\b(goals?|plans?|planning|achiev\w*|ambition\w*|resolutions?|study|studying)\b/ },
  boundaries: { areas: ['boundaries'], words: /\b(boundar\w*|say(ing)? no|people[- ]pleas\w*|me time|time for myself|work[- ]life|balance)\b/ },
  screens: { areas: ['rest', 'boundaries'], words: /\b(phones?|screens?|screen time|scrolling|social media|instagram|tiktok|netflix|tv)\b/ },
  hobbies: { areas: ['joy'], words: /\b(hobb(y|ies)|play|playing|creative|music|reading|painting|art)\b/ },
} as const satisfies Record<string, { areas: readonly Area[]; words: RegExp }>;
export type Topic = keyof typeof TOPICS;
const TOPIC_NAMES = Object.keys(TOPICS) as Topic[];

/** How a topic reads in a sentence ("you asked about meetings"). */
const TOPIC_LABELS: Record<Topic, string> = {
  sleep: 'sleep',
  energy: 'energy',
  stress: 'stress',
  work: 'work',
  meetings: 'meetings',
  movement: 'movement',
  food: 'food',
  drinks: 'what you drink',
  people: 'the people in your life',
  loneliness: 'feeling alone',
  mood: 'your mood',
  motivation: 'motivation',
  focus: 'focus',
  goals: 'your goals',
  boundaries: 'boundaries',
  screens: 'screen time',
  hobbies: 'hobbies',
};

/** One practical step per topic (the per-area tips follow it). */
const TOPIC_TIPS: Record<Topic, readonly string[]> = {
  sleep: ['Keep the same wake-up time for a week, weekends included: it steadies sleep faster than an early bedtime.', 'Put screens away 30 minutes before bed and keep the room cool and dark.'],
  energy: ['Notice when your energy dips for three days: a short walk or a glass of water at that hour often lifts it.', 'A protein-rich breakfast and daylight in the first hour of the day help energy hold through the afternoon.'],
  stress: ['Write down the three things weighing on you most and pick the one you can move today; park the rest on paper.', 'Two minutes of slow breathing (in for 4, out for 6) between tasks takes the edge off a stressful day.'],
  work: ['Close each workday by writing tomorrow’s first task: it makes stopping easier and starting faster.', 'Protect one block of focused work a day before your inbox gets it.'],
  meetings: ['Leave 10 minutes between meetings when you can, and decline or shorten one meeting a week that does not need you.', 'Ask for an agenda before accepting a meeting; without one, offer to help by e-mail instead.'],
  movement: ['Tie a 10-minute walk to something you already do every day, like after lunch.', 'Pick a movement you like enough to do on a bad day: consistency beats intensity.'],
  food: ['Plan three dinners for the week on Sunday: fewer decisions on tired evenings means better meals.', 'Add one portion of vegetables to a meal you already eat rather than changing everything at once.'],
  drinks: ['Keep a glass of water where you work and refill it each time it empties.', 'Stop caffeine about eight hours before bed and see whether your rest score moves.'],
  people: ['Send one message today to someone you have not talked to in a while.', 'Put a recurring call or walk with a friend in your calendar so it happens without planning.'],
  loneliness: ['Reach out to one person today, even with a short message: small contacts add up.', 'Join something that meets regularly (a class, a club, a volunteer shift) so seeing people does not depend on planning.'],
  mood: ['Write down one good thing from today before you sleep.', 'Plan one small thing to look forward to each day this week.'],
  motivation: ['Make the next step so small it feels easy (five minutes), then start it now: motivation often follows action.', 'Link your goal to why it matters to you, and write that reason where you will see it.'],
  focus: ['Work in 25-minute blocks with your phone in another room, then take a five-minute break.', 'Decide the evening before on the one task that would make tomorrow a good day.'],
  goals: ['Break your biggest goal into a step you can finish this week.', 'Review your goals every Sunday and pick one action for each day.'],
  boundaries: ['Practise one kind, clear no this week, without a long explanation.', 'Choose a time your workday ends and tell the people who need to know.'],
  screens: ['Keep your phone out of the bedroom for a week and see whether your rest score changes.', 'Turn off all notifications except from people: fewer interruptions, calmer days.'],
  hobbies: ['Block one evening this week for something you do just because you enjoy it.', 'Pick up a hobby you dropped, for 20 minutes, without aiming to be good at it.'],
};

const AREA_NAME_WORDS: Record<Area, RegExp> = {
  rest: /\brest\b/,
  exercise: /\bexercis\w*/,
  nutrition: /\bnutrition\w*/,
  goals: /\bgoals?\b/,
  boundaries: /\bboundar\w*/,
  connection: /\bconnection\b/,
  joy: /\bjoy\b/,
};

/** The topics a question is about, in the order it names them. */
export function topicsInQuestion(question: string): Topic[] {
  const q = normalise(question);
  return TOPIC_NAMES.map((t) => ({ t, at: q.search(TOPICS[t].words) }))
    .filter((x) => x.at >= 0)
    .sort((x, y) => x.at - y.at)
    .map((x) => x.t);
}

/** The areas a question is about: its topics' areas (each topic's main area first), in the product's order. */
export function areasInQuestion(question: string): Area[] {
  const q = normalise(question);
  const named = new Set<Area>(topicsInQuestion(question).map((t) => TOPICS[t].areas[0]));
  for (const a of AREAS) if (AREA_NAME_WORDS[a].test(q)) named.add(a);
  return AREAS.filter((a) => named.has(a));
}

/** The areas to answer about, most relevant first: each topic's areas in the order the question names them. */
function answerAreas(question: string, topics: readonly Topic[]): Area[] {
  const out: Area[] = [];
  for (const t of topics) for (const a of TOPICS[t].areas) if (!out.includes(a)) out.push(a);
  for (const a of areasInQuestion(question)) if (!out.includes(a)) out.push(a);
  return out;
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

/** One area's figure from the person's own check-ins: its average over the period (or the one check-in) and its trend. */
function areaFigure(area: Area, s: CoachSummary, short = false): string {
  const label = AREA_LABELS[area];
  const avg = s.averages[area] ?? 0;
  const trend = TREND_PHRASES[s.trends[area]];
  const figure = short
    ? `${label} has averaged ${pct(avg)}`
    : s.checkIns === 1
      ? `${label} scored ${pct(avg)} in your one check-in of the last two weeks`
      : `${label} has averaged ${pct(avg)} across your ${s.checkIns} check-ins of the last two weeks`;
  return `${figure}${trend ? `, ${trend}` : ''}.`;
}

/** One area's sentence: its figure and where it stands, then (unless left out) a tip for its level. */
function areaAdvice(area: Area, s: CoachSummary, seed: string, withTip = true, short = false): string {
  const avg = s.averages[area] ?? 0;
  const level: Level = successRateLevel(avg);
  const standing = s.weakest.includes(area)
    ? s.weakest[0] === area
      ? ' It is your lowest area right now, so a small change here will make the biggest difference.'
      : ' It is one of your lower areas right now, so it is worth some attention.'
    : s.strongest.includes(area)
      ? ' It is one of your strongest areas.'
      : '';
  return `${areaFigure(area, s, short)}${standing}${withTip ? ` ${tipFor(area, level, seed)}` : ''}`;
}

/** Fewer check-ins than this in the period: the coach says the pattern is not clear yet. */
export const FEW_CHECK_INS = 3;

function tooLittleData(s: CoachSummary): string | null {
  if (s.checkIns >= FEW_CHECK_INS) return null;
  return `That is only ${s.checkIns === 1 ? 'one check-in' : `${s.checkIns} check-ins`} in the last two weeks, too few to see a real pattern yet: a few more days will make these figures mean much more.`;
}

/** The findings that involve these areas (those about the first area first), at most `max`. */
function findingsAbout(s: CoachSummary, areas: readonly Area[], max: number): CoachFinding[] {
  const fs = (s.findings ?? []).filter((f) => areas.includes(f.a) || areas.includes(f.b));
  const rank = (f: CoachFinding) => Math.min(...[f.a, f.b].map((a) => (areas.includes(a) ? areas.indexOf(a) : 99)));
  return [...fs].sort((x, y) => rank(x) - rank(y)).slice(0, max);
}

function findingSentence(f: CoachFinding): string {
  return `Your own history shows a pattern: ${f.text.charAt(0).toLowerCase()}${f.text.slice(1)} That is something that goes together, not proof that one causes the other.`;
}

/** The first few words of a note, as a quotation. */
export function quoteOf(text: string, words = 12): string {
  const all = text.replace(/\s+/g, ' ').trim().split(' ');
  const head = all.slice(0, words).join(' ').replace(/[.,;:!?]+$/, '');
  return `“${head}${all.length > words ? '…' : ''}”`;
}

const shortDate = (date: LocalDate) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The person's notes that bear on the question: those that use its topics' words first, then those of its areas. */
function notesAbout(s: CoachSummary, topics: readonly Topic[], areas: readonly Area[], max: number): CoachNote[] {
  const notes = s.notes ?? [];
  const byWords = notes.filter((n) => topics.some((t) => TOPICS[t].words.test(normalise(n.text))));
  const byArea = notes.filter((n) => areas.includes(n.area) && !byWords.includes(n));
  return [...byWords, ...byArea].slice(0, max);
}

function notesSentence(notes: readonly CoachNote[]): string | null {
  if (!notes.length) return null;
  const quoted = notes.map((n) => `on ${shortDate(n.date)} you wrote about ${AREA_LABELS[n.area].toLowerCase()}: ${quoteOf(n.text)}`);
  return `From your journal: ${quoted.join('; and ')}. Worth a look at what those days had in common.`;
}

const listOf = (xs: readonly string[]) => (xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

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
  const topics = topicsInQuestion(question);
  const named = areasInQuestion(question);
  const intent = questionIntent(question);
  const medical = MEDICAL_WORDS.test(normalise(question));
  if (!s.checkIns) {
    const streak = intent === 'streak' ? [NO_DATA_STREAK] : [];
    const topicTip = topics.length ? [`On ${TOPIC_LABELS[topics[0]!]}: ${pick(TOPIC_TIPS[topics[0]!], seed)}`] : [];
    return [noDataAdvice(named, seed), ...topicTip, ...streak, ...(medical ? [MEDICAL_NOTE] : [])].join('\n\n');
  }
  if (topics.length || named.length) return topicAdvice(question, s, seed, topics, intent, medical, firstName);
  const hello = firstName ? `${firstName}, here` : 'Here';
  const parts: string[] = [];
  let mentioned: Area[] = [];
  if (intent === 'strengths') {
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
      parts.push(`Your seven areas are evenly balanced at about ${pct(s.overall)} across your ${s.checkIns} check-ins of the last two weeks, so no single area stands out.`);
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
      if (intent === 'focus') parts.push(`${hello} is where I would focus, based on your ${s.checkIns === 1 ? 'one check-in' : `${s.checkIns} check-ins`} of the last two weeks (overall ${pct(s.overall)}).`);
      for (const a of s.weakest) parts.push(areaAdvice(a, s, seed));
      const best = s.strongest[0];
      if (best && intent === 'focus') parts.push(`Your strongest area is ${AREA_LABELS[best]} (${pct(s.averages[best])}): keep doing what works there.`);
    } else {
      const level = successRateLevel(s.overall ?? 0);
      parts.push(
        `Your seven areas are evenly balanced at about ${pct(s.overall)} across your ${s.checkIns} check-ins of the last two weeks. ${tipFor('rest', level, seed)}`,
      );
    }
  }
  const finding = findingsAbout(s, mentioned.length ? mentioned : AREAS, 1)[0] ?? s.findings?.[0];
  if (finding) parts.push(findingSentence(finding));
  const notes = notesSentence(notesAbout(s, [], mentioned, 1));
  if (notes) parts.push(notes);
  const little = tooLittleData(s);
  if (little) parts.push(little);
  const warning = declineWarning(s, mentioned);
  if (warning) parts.push(warning);
  if (intent !== 'streak') parts.push(streakAdvice(s));
  if (medical) parts.push(MEDICAL_NOTE);
  return parts.join('\n\n');
}

/** A deterministic choice from a list by a text seed. */
function pick<T>(xs: readonly T[], seed: string): T {
  let h = 0;
  for (let i = 0; i < seed.length; i++) h = (h * 31 + seed.charCodeAt(i)) >>> 0;
  return xs[h % xs.length]!;
}

/**
 * The answer to a question about named topics or areas: it opens on what was asked, then the person's figures for the
 * areas that carry it, a practical step for the topic, the patterns of their history and their own notes that bear on
 * it, and says so when the data is too little.
 */
function topicAdvice(
  question: string,
  s: CoachSummary,
  seed: string,
  topics: readonly Topic[],
  intent: CoachIntent,
  medical: boolean,
  firstName: string | null | undefined,
): string {
  const areas = answerAreas(question, topics).slice(0, 3);
  const asked = topics.length ? listOf(topics.slice(0, 3).map((t) => TOPIC_LABELS[t])) : listOf(areas.map((a) => AREA_LABELS[a].toLowerCase()));
  const who = firstName ? `${firstName}, you` : 'You';
  const carried = topics.length ? ` In your check-ins that shows up in ${listOf(areas.map((a) => AREA_LABELS[a].toLowerCase()))}.` : '';
  const parts: string[] = [`${who} asked about ${asked}.${carried}`];
  // The period is said once; the next areas' figures are short.
  areas.forEach((a, i) => parts.push(areaAdvice(a, s, seed, i === 0 && !topics.length, i > 0 && s.checkIns > 1)));
  for (const t of topics.slice(0, 2)) parts.push(`${topics.length > 1 ? `On ${TOPIC_LABELS[t]}: ` : ''}${pick(TOPIC_TIPS[t], seed)}`);
  if (topics.length) parts.push(tipFor(areas[0]!, successRateLevel(s.averages[areas[0]!] ?? 0), seed));
  for (const f of findingsAbout(s, areas, 2)) parts.push(findingSentence(f));
  const notes = notesSentence(notesAbout(s, topics, areas, 2));
  if (notes) parts.push(notes);
  const little = tooLittleData(s);
  if (little) parts.push(little);
  const lowest = s.weakest[0];
  const mentioned = [...areas];
  if (lowest && !areas.includes(lowest) && intent !== 'strengths') {
    parts.push(`Your lowest area overall is ${AREA_LABELS[lowest]} (${pct(s.averages[lowest])}), if you want a second thing to work on.`);
    mentioned.push(lowest);
  }
  const warning = declineWarning(s, mentioned);
  if (warning) parts.push(warning);
  if (intent === 'streak') parts.push(streakAdvice(s));
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
