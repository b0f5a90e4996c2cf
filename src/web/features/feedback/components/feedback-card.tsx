import { useRef } from 'react';
import type { FeedbackItem } from '@shared/schemas/feedback';
import { Card } from '@web/components/ui/page';
import { useMarkFeedbackRead } from '../api/mark-feedback-read';
import { useReadWhenSeen } from '../read-when-seen';
import { Trash2 } from 'lucide-react';

/** Creation date and time in the reader's locale, e.g. '20 Nov 2026, 09:00'. */
export const formatFeedbackDate = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * One message in the inbox: sender, New badge while unread, e-mail, date and time, the text with its line
 * breaks, and a delete button. An unread card is marked read once it has been half visible for 500 ms.
 */
export function FeedbackCard({ item, onDelete }: { item: FeedbackItem; onDelete: (item: FeedbackItem) => void }) {
  const ref = useRef<HTMLLIElement>(null);
  const markRead = useMarkFeedbackRead();
  useReadWhenSeen(ref, !item.read, () => {
    markRead.mutate(item.id, { onError: (err) => console.warn('Could not mark feedback read', err) });
  });
  const headingId = `feedback-${item.id}`;
  return (
    <li ref={ref} aria-labelledby={headingId} data-testid="feedback-card" data-read={item.read}>
      <Card className={item.read ? undefined : 'border-primary'}>
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={headingId} className="break-words text-lg font-bold">
                {item.name}
              </h3>
              {!item.read && (
                <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-primary-fg">New</span>
              )}
            </div>
            <p className="break-all text-sm text-muted">{item.email ?? 'No email provided'}</p>
            <p className="text-sm text-muted">
              <time dateTime={item.createdAt}>{formatFeedbackDate(item.createdAt)}</time>
            </p>
          </div>
          <button
            type="button"
            onClick={() => onDelete(item)}
            aria-label={`Delete feedback from ${item.name}`}
            className="-mr-2 -mt-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl text-danger-text hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
          >
            <Trash2 aria-hidden="true" size={20} />
          </button>
        </div>
        <p className="mt-3 whitespace-pre-wrap break-words">{item.message}</p>
      </Card>
    </li>
  );
}
