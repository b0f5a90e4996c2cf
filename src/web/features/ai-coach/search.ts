/**
 * Search in a conversation (spec part 2 §2, §4): case-insensitive literal matches, counted across the messages
 * in order; previous/next wrap around; a changed term starts at the first match; an index beyond the count
 * goes back to the first.
 */

export interface TextPart {
  text: string;
  /** The match's position among all matches of the conversation (0-based); absent for plain text. */
  match?: number;
}

const fold = (s: string) => s.toLocaleLowerCase('en-US');

/** Start offsets of the non-overlapping matches of `term` in `text` (none for a blank term). */
export function matchOffsets(text: string, term: string): number[] {
  const needle = fold(term.trim());
  if (!needle) return [];
  const hay = fold(text);
  // Lower-casing can change a string's length for a few characters; then fall back to exact-length search.
  if (hay.length !== text.length) return [];
  const out: number[] = [];
  for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + needle.length)) out.push(i);
  return out;
}

/** How many matches the texts hold together. */
export function countMatches(texts: readonly string[], term: string): number {
  return texts.reduce((n, t) => n + matchOffsets(t, term).length, 0);
}

/** One text split into plain and matching parts; `firstMatch` is the global index of its first match. */
export function highlightParts(text: string, term: string, firstMatch = 0): TextPart[] {
  const offsets = matchOffsets(text, term);
  if (!offsets.length) return [{ text }];
  const len = term.trim().length;
  const parts: TextPart[] = [];
  let at = 0;
  offsets.forEach((start, i) => {
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ text: text.slice(start, start + len), match: firstMatch + i });
    at = start + len;
  });
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** The global index of each text's first match (texts in order). */
export function firstMatchIndexes(texts: readonly string[], term: string): number[] {
  let n = 0;
  return texts.map((t) => {
    const first = n;
    n += matchOffsets(t, term).length;
    return first;
  });
}

/** The next match, wrapping from the last to the first. */
export const nextMatch = (index: number, total: number): number => (total ? (index + 1) % total : 0);
/** The previous match, wrapping from the first to the last. */
export const previousMatch = (index: number, total: number): number => (total ? (index - 1 + total) % total : 0);
/** The index kept when the count changes: back to the first when it is beyond the new count. */
export const clampMatch = (index: number, total: number): number => (index < total ? index : 0);
/** 'current/total' as shown: 1-based, '0/0' without matches. */
export const matchCounter = (index: number, total: number): string => (total ? `${index + 1}/${total}` : '0/0');
