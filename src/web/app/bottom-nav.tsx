import { Link, useLocation } from 'react-router';
import { cn } from '../components/ui/cn';

/** The four tabs of spec part 1 §2.7: a bottom tab bar on phones and tablets, a rail on the left from 1024 px. */
export const NAV_TABS = [
  { to: '/', label: 'Dashboard', match: ['/', '/dashboard'], icon: 'M3 11l9-8 9 8v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z' },
  { to: '/account', label: 'Account', match: ['/account'], icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0' },
  { to: '/upgrade', label: 'Membership', match: ['/upgrade'], icon: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z' },
  {
    to: '/settings',
    label: 'Settings',
    match: ['/settings'],
    icon: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.5 7.5 0 0 0-2-1.2L14.5 3h-5l-.4 2.6a7.5 7.5 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 0 0 2 1.2l.4 2.6h5l.4-2.6a7.5 7.5 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z',
  },
] as const;

/** Paths that show the bottom navigation: the four tabs, static, purchase, analytics and AI coach pages. */
const NAV_PREFIXES = ['/faq', '/privacy', '/terms', '/whats-new', '/purchase-history', '/payment-success', '/analytics', '/business-dashboard', '/ai-coach'];
export function showsBottomNav(pathname: string): boolean {
  if (NAV_TABS.some((t) => (t.match as readonly string[]).includes(pathname))) return true;
  return NAV_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function BottomNav() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-border bg-surface pb-[env(safe-area-inset-bottom)] lg:inset-x-auto lg:left-0 lg:top-0 lg:w-24 lg:border-r lg:border-t-0 lg:pb-0 lg:pt-6"
    >
      <ul className="mx-auto flex max-w-xl lg:flex-col lg:gap-2">
        {NAV_TABS.map((tab) => {
          const current = (tab.match as readonly string[]).includes(pathname);
          return (
            <li key={tab.to} className="flex-1">
              <Link
                to={tab.to}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex min-h-16 flex-col items-center justify-center gap-1 text-xs font-semibold lg:min-h-20 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-ring',
                  current ? 'text-link' : 'text-muted hover:text-fg',
                )}
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round">
                  <path d={tab.icon} />
                </svg>
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
