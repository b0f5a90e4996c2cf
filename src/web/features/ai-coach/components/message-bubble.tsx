import type { Message } from '@shared/schemas/ai-coach';
import { cn } from '@web/components/ui/cn';
import { formatMessageTime } from '../format';
import { highlightParts } from '../search';

/** One message: the user's on the right, the coach's on the left, with its time; search matches marked. */
export function MessageBubble({
  message,
  term,
  firstMatch,
  currentMatch,
}: {
  message: Pick<Message, 'role' | 'content' | 'createdAt'>;
  term: string;
  firstMatch: number;
  currentMatch: number;
}) {
  const mine = message.role === 'user';
  const parts = highlightParts(message.content, term, firstMatch);
  return (
    <li className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
      <span className="sr-only">{mine ? 'You said:' : 'AI Coach said:'}</span>
      <div
        className={cn(
          'max-w-[85%] whitespace-pre-line break-words rounded-2xl px-4 py-3',
          mine ? 'rounded-br-md bg-primary text-primary-fg' : 'rounded-bl-md border border-border bg-surface text-fg',
        )}
      >
        {parts.map((p, i) =>
          p.match === undefined ? (
            <span key={i}>{p.text}</span>
          ) : (
            <mark
              key={i}
              data-match-index={p.match}
              aria-current={p.match === currentMatch ? 'true' : undefined}
              className={cn(
                'rounded px-0.5 text-black',
                p.match === currentMatch ? 'bg-orange-400 outline outline-2 outline-offset-1 outline-orange-600' : 'bg-yellow-200',
              )}
            >
              {p.text}
            </mark>
          ),
        )}
      </div>
      <time dateTime={message.createdAt} className="mt-1 px-1 text-xs text-muted">
        {formatMessageTime(message.createdAt)}
      </time>
    </li>
  );
}
