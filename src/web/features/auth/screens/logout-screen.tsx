import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { signOut } from '@web/features/auth/api/sign-out';
import { showOverlay } from '@web/components/ui/loading-overlay';

/** /logout: signs out (cache cleared, even when the call fails) and goes to /. */
export default function LogoutScreen() {
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    showOverlay('logging-out');
    void signOut(queryClient);
  }, [queryClient]);
  return null;
}
