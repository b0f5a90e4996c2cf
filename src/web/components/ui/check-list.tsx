import { Check } from 'lucide-react';
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
          <Check aria-hidden="true" size={18} strokeWidth={3} className="mt-0.5 shrink-0 text-primary" />
          <span>{line}</span>
        </li>
      ))}
    </ul>
  );
}
