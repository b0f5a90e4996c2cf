import type { Area } from './scoring';
import { hasEnoughForLevels } from './early-days';
import type { Level } from './insights';

/**
 * The per-area tip table, written for Big 7: improvement advice for critical / poor / fair areas and strength
 * advice for good / excellent ones. Several tips per area and level so the advice varies from day to day.
 */

/** The areas' icons live with the areas (./scoring.ts): screens that show them do not carry the tip table. */
export { AREA_ICONS } from './scoring';

export const TIPS: Record<Area, Record<Level, readonly string[]>> = {
  rest: {
    critical: [
      'Pick one fixed wake-up time and keep it for the next seven days, weekends included. A steady wake time is the fastest way to reset your sleep.',
      'Tonight, put your phone outside the bedroom or across the room. Screens in bed are one of the most common reasons rest falls apart.',
      'If you are running on very little sleep, protect a 20-minute rest break this afternoon. Lie down, close your eyes, set an alarm.',
    ],
    poor: [
      'Start winding down 30 minutes before bed: dim the lights, lower the noise and do the same short routine each night.',
      'Cut caffeine after 2 PM for a week and notice whether you fall asleep more easily.',
      'Keep your bedroom cool, dark and quiet. Small changes such as an eye mask or earplugs can make a real difference.',
    ],
    fair: [
      'You are resting some days but not others. Look at what your good nights have in common and repeat it on purpose.',
      'Try going to bed 15 minutes earlier than usual for the next few nights.',
      'Get ten minutes of daylight soon after waking; it helps your body know when to feel sleepy later.',
    ],
    good: [
      'Your rest is in good shape. Keep your evening routine even on busy days; that is when it matters most.',
      'Good sleep supports every other area. Notice how a rested day feels so you remember why it is worth protecting.',
      'Keep weekend sleep within an hour of your weekday schedule to hold on to this rhythm.',
    ],
    excellent: [
      'Excellent rest! Your routine is working; protect it when travel or deadlines try to push it aside.',
      'Your rest is excellent right now. Share what works for you with someone who is struggling to sleep.',
      'Keep listening to your body: a short break during the day keeps this great rest score steady.',
    ],
  },
  exercise: {
    critical: [
      'Start with a 10-minute walk today. Movement does not have to be a workout to count.',
      'Attach movement to something you already do: a few squats while the kettle boils, stairs instead of the lift.',
      'Set a reminder to stand up and stretch for two minutes every hour you sit.',
    ],
    poor: [
      'Schedule three short sessions this week, 15 minutes each, and put them in your calendar like meetings.',
      'Find movement you enjoy — dancing, cycling, swimming, a walk with a friend. Enjoyment beats intensity.',
      'Lay out your exercise clothes the night before so starting takes one less decision.',
    ],
    fair: [
      'You move on some days. Aim for a little movement every day, even if it is only a brisk walk.',
      'Add one new kind of movement this week, such as stretching or a bodyweight routine, to keep it interesting.',
      'Track your active days this week and try to beat the number next week by one.',
    ],
    good: [
      'Great consistency! Mix strength, stamina and flexibility across your week to keep progressing.',
      'Plan an active rest day: a gentle walk or stretching helps you recover and keeps the habit alive.',
      'Set a small goal for the month — a distance, a number of sessions, a new skill — to keep momentum.',
    ],
    excellent: [
      'Outstanding! Remember that recovery is part of training: sleep and rest days keep you strong.',
      'You are a movement role model. Invite a friend or family member to join one of your sessions.',
      'Keep it fun: try a class, trail or sport you have never done before.',
    ],
  },
  nutrition: {
    critical: [
      'Start with water: keep a glass or bottle within reach and refill it each time it is empty.',
      'Add one piece of fruit or a handful of vegetables to one meal today. One change is enough to begin.',
      'Try not to skip meals. Eating at regular times keeps your energy and mood steadier.',
    ],
    poor: [
      'Plan tomorrow’s lunch tonight so a good choice is the easy choice.',
      'Keep simple healthy snacks nearby — nuts, yoghurt, fruit — for the moments you would otherwise grab anything.',
      'Eat one meal today without a screen, slowly, and notice when you are comfortably full.',
    ],
    fair: [
      'You eat well on some days. Prepare a few basics at the weekend to make weekdays easier.',
      'Aim for half a plate of vegetables at dinner this week.',
      'Swap one sugary drink a day for water or tea and see how your afternoon energy changes.',
    ],
    good: [
      'Good choices! Keep variety in your meals — different colours on your plate mean different nutrients.',
      'Keep the habits that are working and try one new healthy recipe this week.',
      'Stay mindful on busy or social days; that is when good eating habits slip most easily.',
    ],
    excellent: [
      'Excellent nutrition! Your body thanks you. Keep listening to hunger and fullness cues.',
      'Share a healthy meal with someone this week — good food is even better together.',
      'Keep balance in mind: excellent nutrition also leaves room for treats without guilt.',
    ],
  },
  goals: {
    critical: [
      'Choose one tiny task you can finish in five minutes and do it now. Momentum starts small.',
      'Write down the one thing that matters most tomorrow. Only one.',
      'If your goals feel overwhelming, break the biggest one into the very first step and ignore the rest for today.',
    ],
    poor: [
      'Each morning, write three things you want to get done and tick them off as you go.',
      'Block 25 minutes of focused time for your most important task, with notifications off.',
      'Review your goals once a week: keep what still matters, drop what no longer does.',
    ],
    fair: [
      'You are making progress on some days. Plan tomorrow before you finish today so you start with a clear aim.',
      'Celebrate small wins — they keep motivation going between big milestones.',
      'Link each goal to why it matters to you; purpose makes the hard days easier.',
    ],
    good: [
      'You are moving forward steadily. Set a slightly more ambitious target for next week.',
      'Keep a short done-list each evening; seeing your progress builds confidence.',
      'Protect your focus time — it is clearly working for you.',
    ],
    excellent: [
      'Excellent focus! Make sure your goals include rest and relationships too, not only work.',
      'You are achieving a lot. Take a moment to reflect on how far you have come.',
      'Consider mentoring someone else toward their goals — teaching sharpens your own.',
    ],
  },
  boundaries: {
    critical: [
      'Practise one kind “no” today, to something small. Boundaries get easier with practice.',
      'Pick a time tonight after which you will not answer work messages, and tell the people who need to know.',
      'Notice one situation today that drains you. Naming it is the first step to changing it.',
    ],
    poor: [
      'Before saying yes, give yourself a pause: “Let me check and get back to you.”',
      'Protect one hour this week that is only for you, and treat it as an appointment you cannot move.',
      'Turn off non-essential notifications for a day and notice how it feels.',
    ],
    fair: [
      'You hold your limits some of the time. Write down your top three boundaries so they are clear to you first.',
      'When a boundary is crossed, say so calmly and early — it is easier than after resentment builds.',
      'Keep your evenings protected on the days you find hardest.',
    ],
    good: [
      'You are looking after your limits well. Keep checking that your commitments match your priorities.',
      'Healthy boundaries make room for what matters — notice what you have gained by keeping them.',
      'Keep being clear and kind when you say no; people respect consistency.',
    ],
    excellent: [
      'Excellent boundaries! Your clarity protects your energy. Keep modelling it for others.',
      'You balance your needs and others’ well. Stay flexible for the moments that truly deserve a yes.',
      'Help someone close to you practise their own boundaries; your example is valuable.',
    ],
  },
  connection: {
    critical: [
      'Send one message today to someone you care about, just to say hello.',
      'Have one real conversation today, even a short one, without your phone in your hand.',
      'If you are feeling isolated, reach out to a friend, family member or a support line. You do not have to go it alone.',
    ],
    poor: [
      'Schedule a call or coffee with a friend this week and put it in your calendar.',
      'Ask someone a thoughtful question today and really listen to the answer.',
      'Join a group built around something you enjoy — a class, a club, a volunteering shift.',
    ],
    fair: [
      'You connect on some days. Create a small ritual — a weekly call, a shared meal — to make it regular.',
      'Reconnect with someone you have lost touch with; a short message is enough to start.',
      'Show appreciation to someone today. Gratitude strengthens relationships.',
    ],
    good: [
      'Your relationships are thriving. Keep making time for the people who lift you up.',
      'Deepen one connection this week with a longer conversation or a shared activity.',
      'Keep being present: phones away during time together makes a big difference.',
    ],
    excellent: [
      'Excellent connection! Your relationships are a source of strength. Keep nurturing them.',
      'Use your social energy to include someone who may feel left out.',
      'Remember to balance time with others and time for yourself so connection stays a joy.',
    ],
  },
  joy: {
    critical: [
      'Do one small thing today purely because you enjoy it, even for five minutes.',
      'Write down one good moment from today, however small, before you go to sleep.',
      'If low mood has lasted for weeks, please talk to someone you trust or a health professional.',
    ],
    poor: [
      'Make a short list of simple things that make you smile and do one of them each day.',
      'Spend a few minutes outside today; fresh air and daylight lift mood.',
      'Listen to music you love while you do an ordinary task.',
    ],
    fair: [
      'Joy shows up on some of your days. Notice what those days have in common and plan more of it.',
      'Try something new this week — a recipe, a walk somewhere different, a hobby you have been curious about.',
      'End each day by naming three things you are grateful for.',
    ],
    good: [
      'You are finding joy regularly. Keep making room for play and creativity in your week.',
      'Share a happy moment with someone — joy grows when it is shared.',
      'Keep a note of the activities that make you happiest so you can return to them on harder days.',
    ],
    excellent: [
      'Excellent! Your joy is contagious. Keep doing what lights you up.',
      'Spread it: a small act of kindness today can make someone else’s day.',
      'Savour the good moments — pause and notice them fully before moving on.',
    ],
  },
};

/**
 * The tips given before a level means anything (fewer check-ins than MIN_CHECK_INS_FOR_LEVELS, decision 020): the
 * 'poor' ones, small first steps that claim nothing about how the person is doing ('Excellent rest!' after one
 * "yes" would).
 */
export const EARLY_DAYS_TIPS_LEVEL: Level = 'poor';

/** Whose tips fit an area at `level` after `checkIns` check-ins: the level's own once it means something. */
export const tipsLevel = (level: Level, checkIns: number): Level => (hasEnoughForLevels(checkIns) ? level : EARLY_DAYS_TIPS_LEVEL);

/** A deterministic 32-bit hash (FNV-1a) used to pick a tip for a day. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The tip for an area at a level on a given day (the same all day, varying from day to day). */
export function tipFor(area: Area, level: Level, seed: string): string {
  const list = TIPS[area][level];
  return list[hash(`${seed}|${area}|${level}`) % list.length]!;
}
