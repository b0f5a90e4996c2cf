import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { onCheckInsSynced } from '../../../lib/service-worker';
import { refreshAfterCheckIn } from '../api/submit-check-in';
import { OFFLINE_MESSAGES } from '../offline';

/** Shows 'Synced' when queued offline check-ins reached the server (worker message or page sync). */
export function OfflineSync() {
  const client = useQueryClient();
  useEffect(
    () =>
      onCheckInsSynced((r) => {
        if (r.synced > 0) toast({ title: OFFLINE_MESSAGES.synced, description: OFFLINE_MESSAGES.syncedText });
        for (const message of r.rejected) toast({ title: OFFLINE_MESSAGES.failed, description: message, variant: 'destructive' });
        void refreshAfterCheckIn(client);
      }),
    [client],
  );
  return null;
}
