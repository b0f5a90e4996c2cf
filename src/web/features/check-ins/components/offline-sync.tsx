import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Confetti } from '@web/components/ui/confetti';
import { toast } from '@web/components/ui/toast';
import { onCheckInsSynced } from '@web/lib/service-worker';
import { refreshAfterCheckIn } from '../api/submit-check-in';
import { rejectedNotice, syncedNotice } from '../offline';

const CONFETTI_MS = 3_000;

/**
 * Shows 'Synced' when queued offline check-ins reached the server (worker message or page sync), with the
 * milestone an answer celebrated (and confetti, none under prefers-reduced-motion), as a live check-in would; and
 * 'Check-in not accepted' with the server's reason for each one it refused.
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
        // Refused by the server when it arrived (e.g. more than 48 hours late): dropped, and the reason said.
        for (const rejected of r.rejected) toast({ ...rejectedNotice(rejected), variant: 'destructive' });
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
