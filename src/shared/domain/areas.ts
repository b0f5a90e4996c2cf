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

/** A check-in's score field for an area (`restScore` … `joyScore`): its DTO key and its table column's property. */
export type AreaScoreKey = `${Area}Score`;
export const areaScoreKey = (area: Area): AreaScoreKey => `${area}Score`;
/** The seven score fields, in area order. */
export const AREA_SCORE_KEYS: readonly AreaScoreKey[] = AREAS.map(areaScoreKey);

/** One value per area, in area order: `{ rest: f('rest'), … }`. */
export function byArea<T>(f: (area: Area) => T): Record<Area, T> {
  return Object.fromEntries(AREAS.map((a) => [a, f(a)])) as Record<Area, T>;
}

/** One value per area's score field, in area order: `{ restScore: f('rest'), … }`. */
export function byAreaScoreKey<T>(f: (area: Area) => T): Record<AreaScoreKey, T> {
  return Object.fromEntries(AREAS.map((a) => [areaScoreKey(a), f(a)])) as Record<AreaScoreKey, T>;
}

/** Each area's icon (the tiles, the trends, the category pages). */
export const AREA_ICONS: Record<Area, string> = {
  rest: '😴',
  exercise: '🏃',
  nutrition: '🥗',
  goals: '🎯',
  boundaries: '🧱',
  connection: '🤝',
  joy: '😊',
};
