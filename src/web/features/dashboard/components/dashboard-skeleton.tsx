/**
 * What the dashboard shows below its greeting until its first answers are in (a page load without cached data,
 * under the loading overlay): the cards' outlines at about their size, so the screen reads as loading, not empty.
 * Replaced by the cards in one render (nothing moves while data arrives: decision 033).
 */
const block = 'rounded-2xl border border-border bg-surface';
const bar = 'block rounded-md bg-surface-2';

export function DashboardSkeleton() {
  return (
    <div className="contents" aria-hidden="true" data-testid="dashboard-skeleton">
      <div className={`${block} p-4`} style={{ minHeight: 88 }}>
        <span className={`${bar} h-4 w-40`} />
        <span className={`${bar} mt-3 h-8 w-32`} />
      </div>
      <div className={`${block} p-4`} style={{ minHeight: 152 }}>
        <span className={`${bar} h-4 w-28`} />
        <span className={`${bar} mt-3 h-12 w-24`} />
        <span className={`${bar} mt-3 h-4 w-36`} />
      </div>
      <div className={`${block} min-h-14`} />
      <div className={`${block} min-h-20 p-4`}>
        <span className={`${bar} h-6 w-24`} />
        <span className={`${bar} mt-2 h-4 w-32`} />
      </div>
      <div className="lg:col-span-2">
        <span className={`${bar} mb-3 h-6 w-40`} />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {Array.from({ length: 7 }, (_, i) => (
            <div key={i} className={`${block} min-h-24`} />
          ))}
        </div>
      </div>
    </div>
  );
}
