import { matchCounter } from '../search';

const iconButton =
  'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl text-fg hover:bg-surface-2 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring';

/** The fixed search bar: 'Search in conversation...', current/total, previous/next (wrapping) and clear. */
export function SearchBar({
  term,
  onTermChange,
  index,
  total,
  onPrevious,
  onNext,
}: {
  term: string;
  onTermChange: (t: string) => void;
  index: number;
  total: number;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <div role="search" className="sticky top-0 z-40 -mx-4 mb-4 border-b border-border bg-bg/95 px-4 py-2 backdrop-blur">
      <div className="flex items-center gap-1">
        <input
          type="search"
          value={term}
          onChange={(e) => onTermChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (e.shiftKey) onPrevious();
              else onNext();
            }
          }}
          placeholder="Search in conversation..."
          aria-label="Search in conversation"
          className="block min-h-11 min-w-0 flex-1 rounded-xl border border-border-strong bg-input px-3 py-2 text-base text-fg placeholder:text-placeholder focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring [&::-webkit-search-cancel-button]:hidden"
        />
        {term && (
          <span aria-live="polite" data-testid="match-counter" className="min-w-10 px-1 text-center text-sm tabular-nums text-muted">
            <span className="sr-only">Match </span>
            {matchCounter(index, total)}
          </span>
        )}
        <button type="button" className={iconButton} aria-label="Previous match" onClick={onPrevious} disabled={!total}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
            <path d="M18 15l-6-6-6 6" />
          </svg>
        </button>
        <button type="button" className={iconButton} aria-label="Next match" onClick={onNext} disabled={!total}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
        {term && (
          <button type="button" className={iconButton} aria-label="Clear search" onClick={() => onTermChange('')}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        )}
      </div>
    </div>
  );
}
