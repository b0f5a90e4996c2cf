import { Link, useLocation } from 'react-router';
import { House, Settings, Star, User } from 'lucide-react';
import { cn } from '../components/ui/cn';
import { showsBottomNav, TAB_PATHS } from './nav-paths';

/**
 * The four tabs of spec part 1 §2.7: a bottom tab bar on phones and tablets, a rail on the left from 1024 px. Loaded
 * apart from the entry (app/app.tsx), for a signed-in user only, with its icons.
 */
export const NAV_TABS = [
  { to: '/', label: 'Dashboard', match: TAB_PATHS.dashboard, icon: House },
  { to: '/account', label: 'Account', match: TAB_PATHS.account, icon: User },
  { to: '/upgrade', label: 'Membership', match: TAB_PATHS.upgrade, icon: Star },
  { to: '/settings', label: 'Settings', match: TAB_PATHS.settings, icon: Settings },
] as const;

export { showsBottomNav };

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
                <tab.icon aria-hidden="true" size={24} />
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
