/** The seven wellbeing areas, in the product's fixed order. */
export const AREAS = ['rest', 'exercise', 'nutrition', 'goals', 'boundaries', 'connection', 'joy'] as const;
export type Area = (typeof AREAS)[number];

export const AREA_LABELS: Record<Area, string> = {
  rest: 'Rest',
  exercise: 'Exercise',
  nutrition: 'Nutrition',
  goals: 'Goals',
  boundaries: 'Boundaries',
  connection: 'Connection',
  joy: 'Joy',
};

export const isArea = (v: string): v is Area => (AREAS as readonly string[]).includes(v);
