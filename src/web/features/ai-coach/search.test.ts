import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampMatch, countMatches, firstMatchIndexes, highlightParts, matchCounter, matchOffsets, nextMatch, previousMatch } from './search';

describe('conversation search', () => {
  it('finds case-insensitive, non-overlapping matches; none for a blank term', () => {
    expect(matchOffsets('Sleep well, SLEEP often, sleepy', 'sleep')).toEqual([0, 12, 25]);
    expect(matchOffsets('aaaa', 'aa')).toEqual([0, 2]);
    expect(matchOffsets('anything', '   ')).toEqual([]);
    expect(countMatches(['Rest and rest', 'no match', 'REST'], 'rest')).toBe(3);
  });

  it('splits a text into parts, numbering matches globally, keeping the original case', () => {
    expect(highlightParts('Rest, then rest.', 'REST', 4)).toEqual([
      { text: 'Rest', match: 4 },
      { text: ', then ' },
      { text: 'rest', match: 5 },
      { text: '.' },
    ]);
    expect(highlightParts('nothing here', 'rest')).toEqual([{ text: 'nothing here' }]);
    expect(firstMatchIndexes(['rest rest', 'none', 'rest'], 'rest')).toEqual([0, 2, 2]);
  });

  it('previous and next wrap; the counter is 1-based; an index beyond the count goes back to the first', () => {
    expect(nextMatch(2, 3)).toBe(0);
    expect(previousMatch(0, 3)).toBe(2);
    expect(nextMatch(0, 0)).toBe(0);
    expect(matchCounter(0, 3)).toBe('1/3');
    expect(matchCounter(0, 0)).toBe('0/0');
    expect(clampMatch(4, 2)).toBe(0);
    expect(clampMatch(1, 2)).toBe(1);
  });

  it('property: the parts join back to the text and hold exactly the counted matches', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ minLength: 1, maxLength: 3 }), (text, term) => {
        const parts = highlightParts(text, term);
        expect(parts.map((p) => p.text).join('')).toBe(text);
        expect(parts.filter((p) => p.match !== undefined)).toHaveLength(countMatches([text], term));
      }),
    );
  });

  it('property: stepping next `total` times comes back to the start', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.nat(), (total, seed) => {
        const start = seed % total;
        let i = start;
        for (let k = 0; k < total; k++) i = nextMatch(i, total);
        expect(i).toBe(start);
        expect(previousMatch(nextMatch(start, total), total)).toBe(start);
      }),
    );
  });
});
