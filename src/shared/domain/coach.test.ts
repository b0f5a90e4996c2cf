import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AREAS, AREA_LABELS, type Area, type AreaScores } from './scoring';
import {
  AREA_QUESTIONS,
  areasInQuestion,
  builtInAdvice,
  coachSystemPrompt,
  conversationTitle,
  CRISIS_ANSWER,
  DEFAULT_SUGGESTED_QUESTIONS,
  isCrisisQuestion,
  questionIntent,
  suggestedQuestions,
  summarise,
  summaryText,
  PROMPT_LIMITS,
  topicsInQuestion,
  type CoachSummary,
  type Topic,
} from './coach';
import { addLocalDays } from './dates';
import type { DatedAreaScores } from './insights';

const TODAY = '2026-11-25';
const flat = (v: number, over: Partial<AreaScores> = {}): AreaScores =>
  ({ ...Object.fromEntries(AREAS.map((a) => [a, v])), ...over }) as AreaScores;
/** One check-in a day for `n` days ending today, each with these scores. */
const daily = (n: number, scores: AreaScores, end = TODAY): DatedAreaScores[] =>
  Array.from({ length: n }, (_, i) => ({ date: addLocalDays(end, -i), scores }));
const noStreak = { current: 0, best: 0 };

describe('summarise', () => {
  it('averages the last 14 local days only, and finds the weakest and strongest areas', () => {
    const history = [
      ...daily(10, flat(0.75, { rest: 0.25, nutrition: 0.5, joy: 1 })),
      { date: addLocalDays(TODAY, -14), scores: flat(0) }, // 15 days ago: outside
      { date: addLocalDays(TODAY, 1), scores: flat(0) }, // tomorrow: outside
    ];
    const s = summarise(history, TODAY, { current: 10, best: 12 });
    expect(s.checkIns).toBe(10);
    expect(s.averages).toMatchObject({ rest: 25, nutrition: 50, joy: 100, exercise: 75 });
    expect(s.weakest).toEqual(['rest', 'nutrition']);
    expect(s.strongest[0]).toBe('joy');
    expect(s.checkedInToday).toBe(true);
    expect(s.lastCheckInDate).toBe(TODAY);
    expect(s.streak).toEqual({ current: 10, best: 12 });
  });

  it('trends compare the last 7 days with the 7 before (0.2 or more is a trend)', () => {
    const earlier = daily(7, flat(0.5, { rest: 0.2, joy: 0.9 }), addLocalDays(TODAY, -7));
    const later = daily(7, flat(0.5, { rest: 0.6, joy: 0.5, goals: 0.65 }));
    const s = summarise([...earlier, ...later], TODAY, noStreak);
    expect(s.trends.rest).toBe('improving');
    expect(s.trends.joy).toBe('declining');
    expect(s.trends.goals).toBe('steady');
    expect(summarise(later, TODAY, noStreak).trends.rest).toBe('unknown');
  });

  it('no check-ins: null averages, no weakest or strongest, said so in the text', () => {
    const s = summarise([], TODAY, noStreak);
    expect(s.checkIns).toBe(0);
    expect(s.overall).toBeNull();
    expect(s.weakest).toEqual([]);
    expect(summaryText(s)).toContain('No check-ins in the last 14 days');
  });

  it('property: weakest areas never score above strongest ones, and none is in both', () => {
    const scores = fc.record(Object.fromEntries(AREAS.map((a) => [a, fc.integer({ min: 0, max: 4 }).map((v) => v / 4)])) as Record<Area, fc.Arbitrary<number>>);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), scores), { maxLength: 20 }), (rows) => {
        const history = rows.map(([back, sc]) => ({ date: addLocalDays(TODAY, -back), scores: sc }));
        const byDate = new Map(history.map((h) => [h.date, h]));
        const s = summarise([...byDate.values()], TODAY, noStreak);
        expect(s.weakest.length).toBeLessThanOrEqual(2);
        expect(s.strongest.length).toBeLessThanOrEqual(2);
        for (const w of s.weakest) {
          expect(s.strongest).not.toContain(w);
          for (const st of s.strongest) expect(s.averages[w]!).toBeLessThan(s.averages[st]!);
        }
        for (const a of AREAS) {
          if (s.averages[a] === null) continue;
          expect(s.averages[a]).toBeGreaterThanOrEqual(0);
          expect(s.averages[a]).toBeLessThanOrEqual(100);
        }
      }),
    );
  });

  it('the system prompt carries the summary and the coach’s limits', () => {
    const s = summarise(daily(5, flat(0.75, { rest: 0.25 })), TODAY, { current: 5, best: 5 });
    const prompt = coachSystemPrompt(s, 'Ada');
    expect(prompt).toContain('Rest 25%');
    expect(prompt).toContain('Weakest areas: Rest');
    expect(prompt).toContain('Streak: 5 days');
    expect(prompt).toContain('not a therapist, doctor');
    expect(prompt).toContain('Ada');
  });
});

describe('crisis check', () => {
  const positives = [
    'I want to kill myself',
    "I've been thinking about suicide",
    'having suicidal thoughts lately',
    'I don’t want to live anymore',
    'I want to end my life',
    'sometimes I want to die',
    'I keep cutting myself',
    'how do I stop self-harm',
    'I have been self harming',
    'everyone would be better off without me',
    'there is no point in living',
    'I took an overdose',
    "I can't go on like this",
    'I WANT TO DIE',
    'my partner is hurting me',
  ];
  const negatives = [
    'How can I improve my sleep quality?',
    'This workout is killing me, any tips?',
    'How do I kill time without my phone?',
    'I want to cut sugar from my diet',
    'Should I cut carbs at dinner?',
    "I'm dying to try a new running plan",
    'How do I end my day on a calm note?',
    'How do I set boundaries with my boss?',
    'I burned out at work last year, how do I avoid it again?',
    'What should I focus on to boost my wellness scores?',
    'I hurt my knee running',
  ];
  it.each(positives)('flags %j', (q) => expect(isCrisisQuestion(q)).toBe(true));
  it.each(negatives)('does not flag %j', (q) => expect(isCrisisQuestion(q)).toBe(false));

  it('the crisis answer points to emergency help and crisis lines, and the built-in coach gives it', () => {
    for (const line of ['emergency number', '988', '116 123', 'findahelpline.com', 'not a therapist or doctor']) expect(CRISIS_ANSWER).toContain(line);
    const s = summarise(daily(5, flat(0.5)), TODAY, noStreak);
    expect(builtInAdvice({ question: 'I want to end my life', summary: s })).toBe(CRISIS_ANSWER);
  });
});

describe('question reading', () => {
  it('finds the areas a question is about', () => {
    expect(areasInQuestion('How can I improve my sleep quality?')).toEqual(['rest']);
    expect(areasInQuestion('I feel lonely and eat badly')).toEqual(['nutrition', 'connection']);
    expect(areasInQuestion('How can I set healthier boundaries?')).toEqual(['boundaries']);
    expect(areasInQuestion('What should I focus on to boost my wellness scores?')).toEqual([]);
  });
  it('reads the intent', () => {
    expect(questionIntent('What are my strengths?')).toBe('strengths');
    expect(questionIntent('How do I keep my streak going?')).toBe('streak');
    expect(questionIntent('How am I doing this week?')).toBe('progress');
    expect(questionIntent('What should I focus on?')).toBe('focus');
  });
});

describe('built-in coach', () => {
  const question = 'What should I focus on to boost my wellness scores?';
  const weakIn = (area: Area) => summarise(daily(10, flat(0.75, { [area]: 0.25 })), TODAY, { current: 10, best: 10 });

  it('two people with different weakest areas get different advice to the same question, each about their own', () => {
    const rest = builtInAdvice({ question, summary: weakIn('rest') });
    const joy = builtInAdvice({ question, summary: weakIn('joy') });
    expect(rest).not.toBe(joy);
    expect(rest).toContain('Rest has averaged 25%');
    expect(rest).toContain('lowest area');
    expect(joy).toContain('Joy has averaged 25%');
    expect(joy).not.toContain('Rest has averaged');
  });

  it('property: for any single weakest area, a general question is answered about that area', () => {
    fc.assert(
      fc.property(fc.constantFrom(...AREAS), fc.integer({ min: 1, max: 14 }), (area, n) => {
        const s = summarise(daily(n, flat(0.75, { [area]: 0.25 })), TODAY, { current: n, best: n });
        const advice = builtInAdvice({ question, summary: s });
        expect(advice).toContain(n === 1 ? `${AREA_LABELS[area]} scored 25% in your one check-in` : `${AREA_LABELS[area]} has averaged 25%`);
        for (const other of AREAS) if (other !== area) expect(advice).not.toMatch(new RegExp(`${AREA_LABELS[other]} (has averaged|scored)`));
        expect(advice).not.toMatch(/over your last check-in/);
      }),
    );
  });

  it('answers about the area a question names, and differs between questions', () => {
    const s = weakIn('joy');
    const sleep = builtInAdvice({ question: 'How can I improve my sleep quality?', summary: s });
    expect(sleep).toContain('Rest has averaged 75%');
    expect(sleep).toContain('Your lowest area overall is Joy (25%)');
    const food = builtInAdvice({ question: 'How can I eat better?', summary: s });
    expect(food).toContain('Nutrition has averaged 75%');
    expect(food).not.toBe(sleep);
  });

  it('strengths, streak and progress questions', () => {
    const s = summarise(daily(6, flat(0.5, { exercise: 1, rest: 0.25 })), TODAY, { current: 6, best: 20 });
    expect(builtInAdvice({ question: 'What are my strengths?', summary: s })).toContain('Exercise has averaged 100%');
    const streak = builtInAdvice({ question: 'How do I keep my streak going?', summary: s });
    expect(streak).toContain('6-day streak');
    expect(streak).toContain('best so far is 20 days');
    expect(builtInAdvice({ question: 'How am I doing overall?', summary: s })).toMatch(/overall average over the last 14 days is \d+%/);
  });

  it('with no check-ins yet it says how to start', () => {
    const advice = builtInAdvice({ question: 'How can I sleep better?', summary: summarise([], TODAY, noStreak) });
    expect(advice).toContain("don't have any check-ins");
    expect(advice).toContain("complete today's check-in");
    expect(advice).toContain('In the meantime, for rest:');
    expect(builtInAdvice({ question: 'How do I keep my streak going?', summary: summarise([], TODAY, noStreak) })).toContain('Your streak grows by one');
  });

  it('never presents itself as a doctor: a health question gets the note', () => {
    const advice = builtInAdvice({ question: 'Should I take medication for my anxiety?', summary: weakIn('rest') });
    expect(advice).toContain('not a doctor or therapist');
  });

  it('property: always some advice, never the crisis answer for ordinary questions', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(AREA_QUESTIONS), ...DEFAULT_SUGGESTED_QUESTIONS), fc.constantFrom(...AREAS), (q, area) => {
        const advice = builtInAdvice({ question: q, summary: weakIn(area) });
        expect(advice.length).toBeGreaterThan(80);
        expect(advice).not.toBe(CRISIS_ANSWER);
      }),
    );
  });
});

describe('conversation titles', () => {
  it('keeps short questions and shortens long ones at a word boundary', () => {
    expect(conversationTitle('  How can I  sleep better? ')).toBe('How can I sleep better?');
    const long = 'How can I build a calmer evening routine when my work keeps spilling into the night and I feel wired?';
    const t = conversationTitle(long);
    expect(t.endsWith('…')).toBe(true);
    expect(t.length).toBeLessThanOrEqual(60);
    expect(long.startsWith(t.slice(0, -1))).toBe(true);
  });
  it('property: never longer than the limit, never empty for a non-blank question', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 300 }).filter((s) => s.trim().length > 0), (q) => {
        const t = conversationTitle(q);
        expect(t.length).toBeGreaterThan(0);
        expect(t.length).toBeLessThanOrEqual(60);
      }),
    );
  });
});

describe('suggested questions', () => {
  it('the three lowest areas of today’s check-in, each with its question', () => {
    expect(suggestedQuestions(flat(1, { joy: 0, goals: 0.25, rest: 0.5 }))).toEqual([AREA_QUESTIONS.joy, AREA_QUESTIONS.goals, AREA_QUESTIONS.rest]);
  });
  it('the defaults without a check-in today', () => {
    expect(suggestedQuestions(null)).toEqual([...DEFAULT_SUGGESTED_QUESTIONS]);
    expect(DEFAULT_SUGGESTED_QUESTIONS).toHaveLength(3);
  });
});


describe('a coach that listens (issue 29)', () => {
  const TABLE: Array<[string, Topic[]]> = [
    ['How can I improve my sleep quality?', ['sleep']],
    ['I keep waking up at 4am, what can I do?', ['sleep']],
    ['Why am I always tired in the afternoon?', ['sleep']],
    ['I have no energy after lunch', ['energy', 'food']],
    ['How do I handle stress at work?', ['stress', 'work']],
    ['I feel overwhelmed by my workload', ['stress', 'work']],
    ['My days are full of back-to-back meetings, how do I cope?', ['meetings']],
    ['Too many Zoom calls are draining me', ['meetings', 'energy']],
    ['How can I fit more exercise into my day?', ['movement']],
    ['I sit all day, how do I move more?', ['movement']],
    ['Should I go running in the morning or evening?', ['movement']],
    ['How can I eat better during a busy week?', ['food']],
    ['I snack on sugar at night', ['food']],
    ['Am I drinking enough water?', ['drinks']],
    ['Does coffee affect my sleep?', ['drinks', 'sleep']],
    ['How can I feel more connected to my friends?', ['people']],
    ['I feel lonely since I moved city', ['loneliness']],
    ['How do I spend better time with my family?', ['people']],
    ['My mood has been low lately', ['mood']],
    ['How can I bring more joy into my days?', ['mood']],
    ['I have zero motivation to do anything', ['motivation']],
    ['How do I stop procrastinating on my thesis?', ['motivation']],
    ['I get distracted all the time and can\'t focus', ['focus']],
    ['How can I make steady progress on my goals?', ['goals']],
    ['How can I set healthier boundaries?', ['boundaries']],
    ['I find it hard to say no to my boss', ['boundaries', 'work']],
    ['I spend hours scrolling my phone in bed', ['screens', 'sleep']],
    ['What hobby could I pick up?', ['hobbies']],
    ['My boss emails me at night', ['work']],
    ['I feel burned out and exhausted', ['stress', 'sleep']],
    ['How do I keep a work-life balance with kids?', ['work', 'boundaries', 'people']],
    ['What should I focus on to boost my wellness scores?', []],
    ['What are my strengths?', []],
    ['How do I keep my streak going?', []],
  ];
  it.each(TABLE)('%s → %j', (question, topics) => {
    expect([...topicsInQuestion(question)].sort()).toEqual([...topics].sort());
  });
  it('the table covers at least 30 questions', () => expect(TABLE.length).toBeGreaterThanOrEqual(30));

  /** Ten check-ins: boundaries weakest, rest strongest; a finding and notes. */
  const rich = (): CoachSummary => ({
    ...summarise(daily(10, flat(0.5, { rest: 1, boundaries: 0.25 })), TODAY, { current: 10, best: 12 }),
    findings: [
      { a: 'boundaries', b: 'joy', lag: 0, text: 'On days you keep your boundaries, your joy is higher: 3.2 vs 2.1, over 40 days.' },
      { a: 'rest', b: 'exercise', lag: 1, text: 'After days you rest well, your exercise the next day is higher: 3.0 vs 2.2, over 39 days.' },
    ],
    notes: [
      { date: addLocalDays(TODAY, -1), area: 'boundaries', text: 'Six meetings back to back and no lunch break at all today, again' },
      { date: addLocalDays(TODAY, -3), area: 'rest', text: 'Slept badly, kept thinking about the deadline' },
      { date: addLocalDays(TODAY, -4), area: 'joy', text: 'Lovely dinner with Sam' },
    ],
  });

  it('a question about meetings is answered about meetings, not opened on rest, with figures, a finding and a note', () => {
    const advice = builtInAdvice({ question: 'How do I survive all these meetings?', summary: rich(), firstName: 'Ada' });
    const first = advice.split('\n\n')[0]!;
    expect(first).toMatch(/^Ada, you asked about meetings\. In your check-ins that shows up in boundaries and goals\.$/);
    expect(advice.indexOf('Boundaries has averaged 25% across your 10 check-ins of the last two weeks')).toBeGreaterThan(0);
    expect(advice).not.toMatch(/^Rest/m);
    expect(advice).toContain('your joy is higher: 3.2 vs 2.1, over 40 days');
    expect(advice).toContain('not proof that one causes the other');
    expect(advice).toContain('“Six meetings back to back and no lunch break at all today…”');
    expect(advice).not.toMatch(/over your last check-in/);
  });

  it('quotes only a few words of a long note', () => {
    const s = { ...rich(), notes: [{ date: TODAY, area: 'rest' as const, text: 'I went to bed at eleven but then lay awake until two thinking about the move and the boxes' }] };
    const advice = builtInAdvice({ question: 'How can I sleep better?', summary: s });
    expect(advice).toContain('“I went to bed at eleven but then lay awake until two…”');
  });

  it('two different questions from the same person get two different answers', () => {
    const s = rich();
    const questions = ['How do I handle stress?', 'How can I eat better?', 'How can I sleep better?', 'How do I stay motivated?', 'What should I focus on?', 'I feel lonely'];
    const answers = questions.map((question) => builtInAdvice({ question, summary: s }));
    expect(new Set(answers).size).toBe(questions.length);
    // Each opens on what was asked.
    expect(answers[0]!.split('\n\n')[0]).toContain('stress');
    expect(answers[1]!.split('\n\n')[0]).toContain('food');
    expect(answers[5]!.split('\n\n')[0]).toContain('feeling alone');
  });

  it('says plainly when there is too little data', () => {
    const one = summarise(daily(1, flat(0.25)), TODAY, noStreak);
    const advice = builtInAdvice({ question: 'How can I sleep better?', summary: one });
    expect(advice).toContain('Rest scored 25% in your one check-in of the last two weeks');
    expect(advice).toContain('too few to see a real pattern yet');
    const ten = builtInAdvice({ question: 'How can I sleep better?', summary: rich() });
    expect(ten).not.toContain('too few');
  });

  it('the provider\'s prompt carries the findings and recent notes, within a bounded size', () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ date: addLocalDays(TODAY, -(i % 14)), area: AREAS[i % 7]!, text: `note ${i} ${'x'.repeat(260)}` }));
    const s = { ...rich(), notes: [...rich().notes!, ...many] };
    const prompt = coachSystemPrompt(s, 'Ada');
    expect(prompt).toContain('associations, not causes');
    expect(prompt).toContain('- On days you keep your boundaries, your joy is higher: 3.2 vs 2.1, over 40 days.');
    expect(prompt).toContain(`- ${addLocalDays(TODAY, -1)}, Boundaries: Six meetings back to back`);
    const notesPart = prompt.slice(prompt.indexOf('journal notes'));
    expect(notesPart.length).toBeLessThan(PROMPT_LIMITS.noteChars + 200);
    expect(prompt.length).toBeLessThan(6_000);
    // Without findings or notes the prompt says nothing of them.
    const bare = coachSystemPrompt(summarise(daily(3, flat(0.5)), TODAY, noStreak));
    expect(bare).not.toContain('journal notes');
    expect(bare).not.toContain('Patterns in their');
  });
});
