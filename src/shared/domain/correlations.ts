import { AREAS, type Area, SCALE_MAX, mean } from './scoring';
import { addLocalDays, type LocalDate } from './dates';

/**
 * "What moves what" (issue 29): which of the seven areas rise and fall together, on the same day (lag 0) and from
 * one day to the next (lag 1). Pure and deterministic: the permutation tests draw from a PRNG seeded by the pair, so
 * the same history always gives the same findings. Never causal wording: "on days you …, your … is higher".
 *
 * - 0–4 answers: Spearman's ρ (average ranks for ties) with |ρ| ≥ 0.3 and a two-sided permutation test p < 0.05.
 * - yes/no answers: the share of "yes" for the second area differs by ≥ 20 percentage points between the days with
 *   and without the first area, with ≥ 5 days in each group — and the same permutation test p < 0.05, so a gap that
 *   five coin flips make is not reported.
 * A test pairs only days answered the same way (both yes/no or both 0–4): a plan change splits the history.
 */

export const CORRELATION_RULES = {
  /** Check-ins before anything is said. */
  minCheckIns: 21,
  /** At most this many check-ins are read (the latest), so a read stays cheap. */
  maxHistory: 365,
  /** |ρ| at least this (0–4 answers). */
  minRho: 0.3,
  /** Difference of the "yes" share at least this (yes/no answers). */
  minDifference: 0.2,
  /** Days in each of the yes and no groups at least this (yes/no answers). */
  minGroupDays: 5,
  /** Paired days at least this for a 0–4 test. */
  minPairedDays: 10,
  /** Permutation test: p below this. */
  alpha: 0.05,
  /** Shuffles per test: (1 + k) / 500 < 0.05 needs k ≤ 23, enough resolution at 0.05 and cheap on a read. */
  permutations: 499,
  maxFindings: 5,
} as const;

export type AnswerKind = 'boolean' | 'scale';
export type Lag = 0 | 1;

/** One check-in as the analysis reads it: its local date, how it was answered and its area scores (0..1). */
export interface CorrelationDay {
  date: LocalDate;
  kind: AnswerKind;
  scores: Record<Area, number>;
}

export interface Finding {
  /** The first area (the earlier day's for lag 1). */
  a: Area;
  b: Area;
  lag: Lag;
  direction: 'positive' | 'negative';
  /** ρ (0–4 answers) or the difference of the "yes" shares (yes/no answers), −1..1. */
  effect: number;
  /** How many (paired) days the finding rests on. */
  days: number;
  /** The permutation test's p-value (below 0.05; tests stop once it cannot be). */
  p: number;
  kind: AnswerKind;
  text: string;
}

export interface CorrelationsResult {
  ready: boolean;
  checkInsNeeded: number;
  findings: Finding[];
}

/** Whether a check-in's answers were yes/no or 0–4 (its stored answers; no answers read as the scale). */
export function answerKindOf(answers: readonly unknown[]): AnswerKind {
  return answers.length > 0 && answers.every((x) => typeof x === 'boolean') ? 'boolean' : 'scale';
}

// ---------------------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------------------

/** Ranks 1..n, ties given the average of their ranks. */
export function averageRanks(xs: readonly number[]): number[] {
  const order = xs.map((x, i) => [x, i] as const).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const ranks = new Array<number>(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    const r = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]![1]] = r;
    i = j + 1;
  }
  return ranks;
}

/** Pearson's r, or null when either side does not vary. */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2 || ys.length !== n) return null;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx < 1e-12 || syy < 1e-12) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/** Spearman's ρ with ties (Pearson's r of the average ranks), or null when either side does not vary. */
export function spearman(xs: readonly number[], ys: readonly number[]): number | null {
  return pearson(averageRanks(xs), averageRanks(ys));
}

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit seed from a text (FNV-1a). */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function shuffleInPlace<T>(xs: T[], random: () => number): void {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = xs[i]!;
    xs[i] = xs[j]!;
    xs[j] = t;
  }
}

/**
 * Two-sided permutation p-value of a statistic: the share of `permutations` shuffles of `xs` (against fixed `ys`)
 * whose |statistic| reaches the observed one, counting the observed arrangement itself ((1 + k) / (1 + N)).
 * It stops as soon as the answer can no longer fall below `stopAt` (then it answers at least `stopAt`).
 */
export function permutationP(
  xs: readonly number[],
  ys: readonly number[],
  statistic: (xs: readonly number[], ys: readonly number[]) => number | null,
  seed: number,
  permutations: number = CORRELATION_RULES.permutations,
  stopAt = 1,
): number {
  const observed = Math.abs(statistic(xs, ys) ?? 0);
  const random = seededRandom(seed);
  const shuffled = [...xs];
  let atLeast = 0;
  for (let i = 0; i < permutations; i++) {
    shuffleInPlace(shuffled, random);
    if (Math.abs(statistic(shuffled, ys) ?? 0) >= observed - 1e-12) atLeast++;
    if ((1 + atLeast) / (1 + permutations) >= stopAt) break;
  }
  return (1 + atLeast) / (1 + permutations);
}

/**
 * The permutation p-value of Pearson's r (of ranks for Spearman), fast: shuffling xs leaves both means and spreads as
 * they are, so only the sum of products of the centred values changes. Equal to permutationP(xs, ys, pearson, seed).
 */
export function correlationPermutationP(
  xs: readonly number[],
  ys: readonly number[],
  seed: number,
  permutations: number = CORRELATION_RULES.permutations,
  stopAt = 1,
): number {
  const n = xs.length;
  const mx = mean(xs);
  const my = mean(ys);
  const cx = Float64Array.from(xs, (x) => x - mx);
  const cy = Float64Array.from(ys, (y) => y - my);
  let observed = 0;
  for (let i = 0; i < n; i++) observed += cx[i]! * cy[i]!;
  observed = Math.abs(observed) - 1e-9;
  const random = seededRandom(seed);
  let atLeast = 0;
  for (let p = 0; p < permutations; p++) {
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      const t = cx[i]!;
      cx[i] = cx[j]!;
      cx[j] = t;
    }
    let sum = 0;
    for (let i = 0; i < n; i++) sum += cx[i]! * cy[i]!;
    if (Math.abs(sum) >= observed) atLeast++;
    if ((1 + atLeast) / (1 + permutations) >= stopAt) break;
  }
  return (1 + atLeast) / (1 + permutations);
}

/** Mean of ys on the days xs is 1 minus on the days it is 0 (xs are 0/1), or null when a group is empty. */
function yesDifference(xs: readonly number[], ys: readonly number[]): number | null {
  let yesSum = 0;
  let yesN = 0;
  let noSum = 0;
  let noN = 0;
  for (let i = 0; i < xs.length; i++) {
    if (xs[i]! >= 0.5) {
      yesSum += ys[i]!;
      yesN++;
    } else {
      noSum += ys[i]!;
      noN++;
    }
  }
  if (!yesN || !noN) return null;
  return yesSum / yesN - noSum / noN;
}

// ---------------------------------------------------------------------------------------------------------
// Pairs and findings
// ---------------------------------------------------------------------------------------------------------

/** Paired values of areas a (day d) and b (day d + lag) over the days answered the same way. */
export function pairedValues(days: readonly CorrelationDay[], a: Area, b: Area, lag: Lag, kind: AnswerKind): { xs: number[]; ys: number[] } {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const xs: number[] = [];
  const ys: number[] = [];
  for (const d of [...days].sort((p, q) => (p.date < q.date ? -1 : p.date > q.date ? 1 : 0))) {
    if (d.kind !== kind) continue;
    const next = lag === 0 ? d : byDate.get(addLocalDays(d.date, 1));
    if (!next || next.kind !== kind) continue;
    xs.push(d.scores[a]);
    ys.push(next.scores[b]);
  }
  return { xs, ys };
}

/** How each area reads in a sentence. */
const AREA_WORDS: Record<Area, { did: string; noun: string }> = {
  rest: { did: 'you rest well', noun: 'your rest' },
  exercise: { did: 'you move more', noun: 'your exercise' },
  nutrition: { did: 'you eat well', noun: 'your nutrition' },
  goals: { did: 'you work on your goals', noun: 'your progress on goals' },
  boundaries: { did: 'you keep your boundaries', noun: 'your boundaries' },
  connection: { did: 'you connect with people', noun: 'your connection' },
  joy: { did: 'you feel joy', noun: 'your joy' },
};
const YES_WORDS: Record<Area, string> = {
  rest: 'rest',
  exercise: 'exercise',
  nutrition: 'nutrition',
  goals: 'goals',
  boundaries: 'boundaries',
  connection: 'connection',
  joy: 'joy',
};

const oneDecimal = (x: number): string => (Math.round(x * 10) / 10).toFixed(1);
const dayWord = (n: number): string => `${n} ${n === 1 ? 'day' : 'days'}`;

/** Mean of ys (0..1) on the "high" and "low" days of xs: split at xs' median (ties go low unless all would). */
function highLowMeans(xs: readonly number[], ys: readonly number[]): { high: number; low: number } {
  const sorted = [...xs].sort((p, q) => p - q);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  let isHigh = (x: number) => x > median;
  if (!xs.some(isHigh)) isHigh = (x: number) => x >= median;
  const high = ys.filter((_, i) => isHigh(xs[i]!));
  const low = ys.filter((_, i) => !isHigh(xs[i]!));
  return { high: mean(high), low: mean(low) };
}

/** The finding's sentence: plain, associative, with the two figures and the days it rests on. */
export function findingText(f: Pick<Finding, 'a' | 'b' | 'lag' | 'kind' | 'days'>, high: number, low: number): string {
  const more = high >= low;
  if (f.kind === 'boolean') {
    const when = f.lag === 0 ? `On days you said yes to ${YES_WORDS[f.a]}` : `After days you said yes to ${YES_WORDS[f.a]}`;
    const then = `you said yes to ${YES_WORDS[f.b]} ${more ? 'more' : 'less'} often${f.lag === 1 ? ' the next day' : ''}`;
    return `${when}, ${then}: ${Math.round(high * 100)}% vs ${Math.round(low * 100)}% of days, over ${dayWord(f.days)}.`;
  }
  const when = f.lag === 0 ? `On days ${AREA_WORDS[f.a].did}` : `After days ${AREA_WORDS[f.a].did}`;
  const then = `${AREA_WORDS[f.b].noun}${f.lag === 1 ? ' the next day' : ''} is ${more ? 'higher' : 'lower'}`;
  return `${when}, ${then}: ${oneDecimal(high * SCALE_MAX)} vs ${oneDecimal(low * SCALE_MAX)}, over ${dayWord(f.days)}.`;
}

/** One (a, b, lag) test on the days answered one way; the finding when it is robust. */
function testPair(days: readonly CorrelationDay[], a: Area, b: Area, lag: Lag, kind: AnswerKind): Finding | null {
  const R = CORRELATION_RULES;
  const { xs, ys } = pairedValues(days, a, b, lag, kind);
  const seed = seedOf(`${kind}:${a}:${b}:${lag}`);
  if (kind === 'scale') {
    if (xs.length < R.minPairedDays) return null;
    const rho = spearman(xs, ys);
    if (rho === null || Math.abs(rho) < R.minRho) return null;
    const p = correlationPermutationP(averageRanks(xs), averageRanks(ys), seed, R.permutations, R.alpha);
    if (p >= R.alpha) return null;
    const { high, low } = highLowMeans(xs, ys);
    const base = { a, b, lag, kind, days: xs.length };
    return { ...base, direction: rho > 0 ? 'positive' : 'negative', effect: rho, p, text: findingText(base, high, low) };
  }
  const xb = xs.map((x) => (x >= 0.5 ? 1 : 0));
  const yes = xb.filter((x) => x === 1).length;
  if (yes < R.minGroupDays || xb.length - yes < R.minGroupDays) return null;
  const diff = yesDifference(xb, ys);
  if (diff === null || Math.abs(diff) < R.minDifference - 1e-9) return null;
  const p = permutationP(xb, ys, yesDifference, seed, R.permutations, R.alpha);
  if (p >= R.alpha) return null;
  const yesMean = mean(ys.filter((_, i) => xb[i] === 1));
  const noMean = mean(ys.filter((_, i) => xb[i] === 0));
  const base = { a, b, lag, kind, days: xs.length };
  return { ...base, direction: diff > 0 ? 'positive' : 'negative', effect: diff, p, text: findingText(base, yesMean, noMean) };
}

/** Strongest first: |effect|, then more days, then the product's area order (a, b), lag 0 first. */
function compareFindings(p: Finding, q: Finding): number {
  const byEffect = Math.abs(q.effect) - Math.abs(p.effect);
  if (Math.abs(byEffect) > 1e-12) return byEffect;
  if (q.days !== p.days) return q.days - p.days;
  return AREAS.indexOf(p.a) - AREAS.indexOf(q.a) || AREAS.indexOf(p.b) - AREAS.indexOf(q.b) || p.lag - q.lag;
}

/**
 * The robust findings of a history (any order; one day per date): `ready` once there are 21 check-ins, then at most
 * 5 findings, strongest first. Same-day pairs are one finding per pair of areas (the stronger direction); next-day
 * pairs are ordered (rest → joy differs from joy → rest) and never an area with itself.
 */
export function correlations(history: readonly CorrelationDay[]): CorrelationsResult {
  const R = CORRELATION_RULES;
  const days = [...history].sort((p, q) => (p.date < q.date ? 1 : p.date > q.date ? -1 : 0)).slice(0, R.maxHistory);
  const needed = Math.max(0, R.minCheckIns - days.length);
  if (needed > 0) return { ready: false, checkInsNeeded: needed, findings: [] };
  const found: Finding[] = [];
  for (const kind of ['scale', 'boolean'] as const) {
    if (!days.some((d) => d.kind === kind)) continue;
    for (const lag of [0, 1] as const) {
      const sameDay = new Map<string, Finding>();
      for (const a of AREAS) {
        for (const b of AREAS) {
          if (a === b) continue;
          // Spearman is symmetric: the same-day pair is tested once.
          if (kind === 'scale' && lag === 0 && AREAS.indexOf(b) < AREAS.indexOf(a)) continue;
          const f = testPair(days, a, b, lag, kind);
          if (!f) continue;
          if (lag === 0) {
            const key = [a, b].sort().join('|');
            const other = sameDay.get(key);
            if (!other || compareFindings(f, other) < 0) sameDay.set(key, f);
          } else found.push(f);
        }
      }
      found.push(...sameDay.values());
    }
  }
  return { ready: true, checkInsNeeded: 0, findings: found.sort(compareFindings).slice(0, R.maxFindings) };
}

/** The findings that involve an area (the category page). */
export const findingsFor = <F extends Pick<Finding, 'a' | 'b'>>(findings: readonly F[], area: Area): F[] => findings.filter((f) => f.a === area || f.b === area);
