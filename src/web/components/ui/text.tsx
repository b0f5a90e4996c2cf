import { Fragment } from 'react';

/**
 * Text whose hyphenated words ('check-in') never break at the hyphen: a narrow screen wraps before the word,
 * never as 'check- / in'. The text itself is unchanged (screen readers and text search see the same words).
 */
export function NoBreakHyphens({ text }: { text: string }) {
  const parts = text.split(/(\s+)/);
  return (
    <>
      {parts.map((part, i) =>
        part.includes('-') ? (
          <span key={i} className="whitespace-nowrap">
            {part}
          </span>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
