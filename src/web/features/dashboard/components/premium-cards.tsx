import { Link } from 'react-router';
import { usesScale, type Tier } from '@shared/domain/tiers';
import { cn } from '@web/components/ui/cn';

const cardClass =
  'block rounded-2xl border border-border bg-surface p-4 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring';

/**
 * Personalized Tips and Weekly Insights (spec part 1 §2.8, §6), locked until the first check-in. Weekly Insights
 * (/trends) works for every tier, so every tier reaches it; Personalized Tips is for premium and ai-coach and is
 * not shown to other tiers (the dashboard carries at most one upsell: decision 020).
 */
export function PremiumCards({ tier, hasCheckIns }: { tier: Tier; hasCheckIns: boolean }) {
  const entitled = usesScale(tier);
  const cards = [
    ...(entitled ? [{ title: 'Personalized Tips', to: '/tips', text: 'Advice for your weakest and strongest areas.' }] : []),
    { title: 'Weekly Insights', to: '/trends', text: 'How each area moved over the last 7 days.' },
  ];
  return (
    <div className={cn('grid gap-3', cards.length === 2 ? 'grid-cols-2' : 'grid-cols-1')}>
      {cards.map((c) => {
        if (!hasCheckIns) {
          return (
            <div key={c.to} className={cn(cardClass, 'opacity-80')} aria-disabled="true">
              <span className="block font-bold">
                <span aria-hidden="true">🔒 </span>
                {c.title}
              </span>
              <span className="mt-1 block text-sm text-muted">Unlock with your first check-in</span>
            </div>
          );
        }
        return (
          <Link key={c.to} to={c.to} className={cn(cardClass, 'hover:bg-surface-2')}>
            <span className="block font-bold">{c.title}</span>
            <span className="mt-1 block text-sm text-muted">{c.text}</span>
          </Link>
        );
      })}
    </div>
  );
}
