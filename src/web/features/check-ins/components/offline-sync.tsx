import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Confetti } from '@web/components/ui/confetti';
import { toast } from '@web/components/ui/toast';
import { onCheckInsSynced } from '@web/lib/service-worker';
import { refreshAfterCheckIn } from '../api/submit-check-in';
import { OFFLINE_MESSAGES, syncedNotice } from '../offline';

const CONFETTI_MS = 3_000;

/**
 * Shows 'Synced' when queued offline check-ins reached the server (worker message or page sync), with the
 * milestone an answer celebrated (and confetti, none under prefers-reduced-motion), as a live check-in would.
 */
export function OfflineSync() {
  const client = useQueryClient();
  const [confetti, setConfetti] = useState(0);
  useEffect(
    () =>
      onCheckInsSynced((r) => {
        const notice = syncedNotice(r);
        if (notice) {
          toast({ title: notice.title, description: notice.description });
          if (notice.celebrate) setConfetti((n) => n + 1);
        }
        for (const message of r.rejected) toast({ title: OFFLINE_MESSAGES.failed, description: message, variant: 'destructive' });
        void refreshAfterCheckIn(client);
      }),
    [client],
  );
  useEffect(() => {
    if (!confetti) return;
    const id = setTimeout(() => setConfetti(0), CONFETTI_MS + 500);
    return () => clearTimeout(id);
  }, [confetti]);
  return confetti ? <Confetti key={confetti} durationMs={CONFETTI_MS} /> : null;
}
