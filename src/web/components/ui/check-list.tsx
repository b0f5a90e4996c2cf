import { cn } from './cn';

/**
 * A list of what something includes, each line after a tick in the primary colour (the tick is decoration: screen
 * readers read the lines of the list).
 */
export function CheckList({ items, className, label }: { items: readonly string[]; className?: string; label?: string }) {
  return (
    <ul className={cn('space-y-1', className)} aria-label={label}>
      {items.map((line) => (
        <li key={line} className="flex gap-2">
          <span aria-hidden="true" className="font-bold text-primary">
            ✓
          </span>
          <span>{line}</span>
        </li>
      ))}
    </ul>
  );
}
