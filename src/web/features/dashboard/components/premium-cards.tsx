import { Link } from 'react-router';
import { usesScale, type Tier } from '../../../../shared/domain/tiers';
import { cn } from '../../../components/ui/cn';

const cardClass =
  'block rounded-2xl border border-border bg-surface p-4 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring';

/**
 * Personalized Tips and Weekly Insights (spec part 1 §2.8, §6): premium and ai-coach open /tips and /trends,
 * locked until the first check-in; other tiers see an upsell to /upgrade.
 */
export function PremiumCards({ tier, hasCheckIns }: { tier: Tier; hasCheckIns: boolean }) {
  const cards = [
    { title: 'Personalized Tips', to: '/tips', text: 'Advice for your weakest and strongest areas.' },
    { title: 'Weekly Insights', to: '/trends', text: 'How each area moved over the last 7 days.' },
  ];
  const entitled = usesScale(tier);
  return (
    <div className="grid grid-cols-2 gap-3">
      {cards.map((c) => {
        if (!entitled) {
          return (
            <Link key={c.to} to="/upgrade" className={cn(cardClass, 'hover:bg-surface-2')}>
              <span className="block font-bold">{c.title}</span>
              <span className="mt-1 block text-sm text-muted">Upgrade to Premium to unlock.</span>
            </Link>
          );
        }
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
