import { useQuery } from '@tanstack/react-query';
import type { Tier } from '@shared/domain/tiers';
import { getHistoryQueryOptions } from '../features/check-ins/api/get-history';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { useSubscription } from '../features/subscriptions/api/get-subscription';
import YearScreen from '../features/insights/screens/year-screen';
import { CheckInDetailsDialog } from '../features/streaks/components/check-in-details';

/** /insights/year: the insights feature's year in pixels, with the streak feature's Check-in Details (composed here). */
export default function YearPage() {
  return <YearScreen renderDetails={(date, onClose) => <DayDetails date={date} onClose={onClose} />} />;
}

function DayDetails({ date, onClose }: { date: string; onClose: () => void }) {
  const user = useCurrentUser().data;
  const sub = useSubscription().data;
  const tier: Tier = sub?.tier ?? user?.tier ?? 'free';
  const history = useQuery(getHistoryQueryOptions());
  if (history.isPending) return null;
  const checkIn = history.data?.checkIns.find((c) => c.date === date) ?? null;
  return <CheckInDetailsDialog checkIn={checkIn} date={date} tier={tier} onClose={onClose} />;
}
