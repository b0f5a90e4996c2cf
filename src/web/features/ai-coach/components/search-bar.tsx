import { matchCounter } from '../search';
import { ChevronDown, ChevronUp, X } from 'lucide-react';

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
          <ChevronUp aria-hidden="true" size={20} strokeWidth={2.5} />
        </button>
        <button type="button" className={iconButton} aria-label="Next match" onClick={onNext} disabled={!total}>
          <ChevronDown aria-hidden="true" size={20} strokeWidth={2.5} />
        </button>
        {term && (
          <button type="button" className={iconButton} aria-label="Clear search" onClick={() => onTermChange('')}>
            <X aria-hidden="true" size={18} strokeWidth={2.5} />
          </button>
        )}
      </div>
    </div>
  );
}
