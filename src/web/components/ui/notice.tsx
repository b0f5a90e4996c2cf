import type { ReactNode } from 'react';
import { cn } from './cn';

/**
 * A calm note shown in place, where the action was (not a failure toast): e.g. a purchase that waits for a verified
 * e-mail address. Announced politely when it appears.
 */
export function InlineNotice({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <p role="status" data-testid={testId} className={cn('rounded-xl border border-border bg-surface-2 p-3 text-sm text-fg', className)}>
      {children}
    </p>
  );
}
