import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { greetingForHour } from '../../../lib/dates';
import { useCurrentUser } from '../../../lib/current-user';
import { ComingSoon, Page } from '../../../components/ui/page';
import { toast } from '../../../components/ui/toast';

export const LOGIN_SUCCESS_TOAST = { title: 'Welcome back!', description: 'You have been logged in successfully.' } as const;

/**
 * / and /dashboard for signed-in users (spec part 1 §2.8). For now: the greeting, the login=success toast
 * (the query parameter is removed) and Escape / Ctrl+H → /. The rest arrives with the dashboard work.
 */
export default function DashboardScreen() {
  const user = useCurrentUser().data;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const welcomed = useRef(false);

  useEffect(() => {
    if (params.get('login') !== 'success' || welcomed.current) return;
    welcomed.current = true;
    toast(LOGIN_SUCCESS_TOAST);
    const next = new URLSearchParams(params);
    next.delete('login');
    setParams(next, { replace: true });
  }, [params, setParams]);

  useEffect(() => {
    // Google sign-in returns with auth=success&provider=google; nothing to show, just tidy the address.
    if (params.get('auth') !== 'success') return;
    const next = new URLSearchParams(params);
    next.delete('auth');
    next.delete('provider');
    setParams(next, { replace: true });
  }, [params, setParams]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' || (e.ctrlKey && (e.key === 'h' || e.key === 'H'))) {
        if (e.ctrlKey) e.preventDefault();
        navigate('/');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);

  return (
    <Page>
      <h1 className="text-2xl font-bold">
        {greetingForHour(new Date().getHours())}, {user?.firstName}
      </h1>
      <p className="mt-1 text-muted">Two minutes for the seven areas of your wellbeing.</p>
      <div className="mt-6">
        <ComingSoon>Coming with the dashboard: your check-in window, score, streak and the seven areas.</ComingSoon>
      </div>
    </Page>
  );
}
