import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Switch } from 'radix-ui';
import { useTheme } from '@web/lib/theme';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { DEV_TOOLS_OFF, useDevMode } from '@web/lib/dev-mode';
import { DeveloperTools } from '../components/developer-tools';
import { CheckInTimeSetting } from '../components/check-in-time';
import { VersionLine } from '../components/version-line';
import { FeedbackForm } from '../components/feedback-form';
import { AppUpdate } from '../components/app-update';
import { Page, PageHeader } from '@web/components/ui/page';

const LINKS = [
  { to: '/faq', label: 'FAQ' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/whats-new', label: "What's New" },
] as const;

/** /settings (spec part 2 §2): dark mode, check-in time, feedback form, links, app update check, app version (ten taps: developer mode), developer tools. Notifications and more arrive later. */
/** `notifications`: the notification toggles, from the notifications feature (web/app composes; a feature never imports another). */
export default function SettingsScreen({ notifications }: { notifications?: ReactNode } = {}) {
  const [theme, setTheme] = useTheme();
  const user = useCurrentUser().data;
  const devTools = user?.devTools ?? false;
  const devModeFlag = useDevMode();
  const devMode = devModeFlag && devTools;
  return (
    <Page>
      <PageHeader title="Settings" />
      {user && notifications && (
        <section aria-labelledby="notification-settings" className="mb-4 rounded-2xl border border-border bg-surface px-4">
          <h2 id="notification-settings" className="sr-only">
            Notifications
          </h2>
          {notifications}
        </section>
      )}
      <section aria-labelledby="appearance" className="rounded-2xl border border-border bg-surface px-4">
        <h2 id="appearance" className="sr-only">
          Appearance
        </h2>
        <div className="flex min-h-14 items-center justify-between gap-4">
          <label htmlFor="dark-mode" className="font-medium">
            Dark Mode
          </label>
          <Switch.Root
            id="dark-mode"
            checked={theme === 'dark'}
            onCheckedChange={(on) => setTheme(on ? 'dark' : 'light')}
            className="group relative -mr-1 inline-flex h-11 w-16 shrink-0 items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
          >
            {/* The whole 64×44 button is the tap target; the track inside is the visible switch. */}
            <span
              aria-hidden="true"
              className="inline-flex h-8 w-14 items-center rounded-full border-2 border-border-strong bg-surface-3 group-data-[state=checked]:bg-primary"
            >
              <Switch.Thumb className="block h-6 w-6 translate-x-0.5 rounded-full bg-fg shadow transition-transform data-[state=checked]:translate-x-6 data-[state=checked]:bg-primary-fg" />
            </span>
          </Switch.Root>
        </div>
      </section>
      {user && (
        <section aria-labelledby="check-in-settings" className="mt-4 rounded-2xl border border-border bg-surface px-4">
          <h2 id="check-in-settings" className="sr-only">
            Daily check-in
          </h2>
          <CheckInTimeSetting user={user} />
        </section>
      )}
      {user && (
        <section className="mt-4 rounded-2xl border border-border bg-surface px-4">
          <FeedbackForm />
        </section>
      )}
      <nav aria-label="About" className="mt-4 divide-y divide-border rounded-2xl border border-border bg-surface">
        {LINKS.map((l) => (
          <Link key={l.to} to={l.to} className="flex min-h-14 items-center justify-between px-4 font-medium hover:bg-surface-2">
            {l.label} <ChevronRight aria-hidden="true" size={16} strokeWidth={2.5} className="inline shrink-0 align-[-0.125em]" />
          </Link>
        ))}
      </nav>
      <AppUpdate />
      {devMode && <DeveloperTools />}
      {user && devModeFlag && !devTools && (
        <p role="status" className="mt-4 rounded-xl border border-border bg-surface p-4 text-muted" data-testid="dev-tools-off">
          <strong className="block text-fg">{DEV_TOOLS_OFF.title}</strong>
          {DEV_TOOLS_OFF.description}
        </p>
      )}
      <VersionLine devTools={devTools} />
    </Page>
  );
}
