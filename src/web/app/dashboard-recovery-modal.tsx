import { RecoverStreakModal } from '../features/streaks/components/streak-modals';
import { useRecoveryCheckout } from '../features/subscriptions/components/streak-purchases';

/**
 * Recover Your Streak as the dashboard opens it, with the subscriptions feature's checkout (composed here: features
 * do not import each other); loaded with the dialog only when it opens (./dashboard-modals.tsx).
 */
export function DashboardRecoveryModal(props: { lostStreakValue: number; offerEndsOn: string | null; onClose: () => void }) {
  const checkout = useRecoveryCheckout();
  return <RecoverStreakModal {...props} checkout={checkout} />;
}
