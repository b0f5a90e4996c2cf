import { Link } from 'react-router';
import { isAdFree, type Tier } from '@shared/domain/tiers';
import { formatUsd, PRICES_CENTS } from '@shared/domain/prices';

/** The free tier's single in-app promotion (our own upgrade offer; never for ad-free and up). */
export function PromotionCard({ tier }: { tier: Tier }) {
  if (isAdFree(tier)) return null;
  return (
    <aside aria-label="Offer" className="rounded-2xl border border-warning-border bg-warning-bg p-4 text-warning-fg">
      <p className="font-bold">Go further with Premium</p>
      <p className="mt-1 text-sm">
        Rate each area on a 5-point scale, get personalized tips for each area, and protect your streak with 5 shields —{' '}
        {formatUsd(PRICES_CENTS.premiumMonthly)}/month.
      </p>
      <Link to="/upgrade" className="mt-2 inline-flex min-h-11 items-center font-semibold underline underline-offset-4">
        See plans
      </Link>
    </aside>
  );
}
