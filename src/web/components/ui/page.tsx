import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@web/lib/api-client';
import { cn } from './cn';
import { ChevronLeft } from 'lucide-react';

/**
 * A screen's main column: mobile-first, centred, room for the bottom navigation (from 1024 px the navigation is a
 * rail on the left and needs no room below). `wide` screens (the dashboard) use the width of a large screen;
 * reading screens stay at a comfortable line length.
 */
export function Page({
  children,
  className,
  withNav = true,
  wide = false,
}: {
  children: ReactNode;
  className?: string;
  withNav?: boolean;
  wide?: boolean;
}) {
  return (
    <main
      id="main"
      className={cn(
        'mx-auto w-full max-w-xl px-4 pt-6 lg:px-8 lg:pt-10',
        wide ? 'lg:max-w-6xl' : 'lg:max-w-3xl',
        withNav ? 'pb-28 lg:pb-12' : 'pb-10',
        className,
      )}
    >
      {children}
    </main>
  );
}

/** Heading row with an optional back link (e.g. back to /settings). */
export function PageHeader({ title, backTo, backLabel = 'Back', children }: { title: string; backTo?: string; backLabel?: string; children?: ReactNode }) {
  return (
    <header className="mb-6 flex items-center gap-2">
      {backTo && (
        <Link
          to={backTo}
          aria-label={backLabel}
          className="-ml-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl text-fg hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
        >
          <ChevronLeft aria-hidden="true" size={24} strokeWidth={2.5} />
        </Link>
      )}
      <h1 className="flex-1 text-2xl font-bold">{title}</h1>
      {children}
    </header>
  );
}

/** The short note on screens whose content arrives with later work. */
export function ComingSoon({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-border bg-surface p-4 text-muted">{children}</p>;
}

/** A card surface. */
export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <section className={cn('rounded-2xl border border-border bg-surface p-4', className)}>{children}</section>;
}

/** A query's loading line, announced politely. */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-muted">
      {children}
    </p>
  );
}

/** A query's failure, announced, in a card: the server's message when it gave one. */
export function LoadErrorCard({ error }: { error: unknown }) {
  return (
    <Card>
      <p role="alert">{errorMessage(error)}</p>
    </Card>
  );
}
