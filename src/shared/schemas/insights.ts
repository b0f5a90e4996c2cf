import { z } from 'zod';
import { AREAS } from '../domain/scoring';
import { YEAR_DAY_STATES, YEAR_MESSAGES } from '../domain/year-in-pixels';

export const INSIGHTS_MESSAGES = {
  /** Said like the other Premium features' refusals (tips: CHECK_IN_MESSAGES.tipsPremiumOnly). */
  correlationsPremiumOnly: 'What moves what is part of the Premium and AI Coach plans',
} as const;

export const findingSchema = z.object({
  a: z.enum(AREAS),
  b: z.enum(AREAS),
  /** 0: the same day; 1: area a one day, area b the next. */
  lag: z.union([z.literal(0), z.literal(1)]),
  direction: z.enum(['positive', 'negative']),
  /** Spearman's ρ (0–4 answers) or the difference of the "yes" shares (yes/no answers), −1..1. */
  effect: z.number(),
  days: z.number().int(),
  text: z.string(),
});
export type FindingDto = z.infer<typeof findingSchema>;

/** GET /api/insights/correlations (premium and ai-coach). */
export const correlationsResponseSchema = z.object({
  ready: z.boolean(),
  checkInsNeeded: z.number().int(),
  findings: z.array(findingSchema),
});
export type CorrelationsResponse = z.infer<typeof correlationsResponseSchema>;

/** GET /api/insights/year?year=YYYY[&area=…] (issue 29: a year in pixels). */
export const yearQuerySchema = z.object({
  year: z.string({ message: YEAR_MESSAGES.malformed }).regex(/^\d{4}$/, YEAR_MESSAGES.malformed).transform(Number),
  area: z.enum(AREAS, { message: `area must be one of ${AREAS.join(', ')}` }).optional(),
});

export const yearDaySchema = z.object({
  date: z.string(),
  state: z.enum(YEAR_DAY_STATES),
  /** 0..1 on a checked-in day, else null. */
  score: z.number().min(0).max(1).nullable(),
});

export const yearResponseSchema = z.object({
  year: z.number().int(),
  area: z.enum(AREAS).nullable(),
  /** The years the account has (for the year switcher), newest first. */
  years: z.array(z.number().int()),
  days: z.array(yearDaySchema),
});
export type YearResponse = z.infer<typeof yearResponseSchema>;
/** The seven areas' values (0–1). */
const areaValuesSchema = z.object(Object.fromEntries(AREAS.map((a) => [a, z.number()])) as Record<(typeof AREAS)[number], z.ZodNumber>);

/**
 * GET /api/insights/strength (all tiers; issue 28): the strength score now, overall (the mean of the areas) and per
 * area, and after each of the last 90 settled dates, ascending. Values 0–1, not rounded (the screens round).
 */
export const strengthResponseSchema = z.object({
  overall: z.number(),
  areas: areaValuesSchema,
  history: z.array(z.object({ date: z.string(), overall: z.number(), areas: areaValuesSchema })),
});
export type StrengthResponse = z.infer<typeof strengthResponseSchema>;
