import { useEffect, useMemo, type ReactNode } from 'react';
import type { PublicUser } from '@shared/schemas/auth';
import { TIER_LABELS } from '@shared/domain/tiers';
import { LeaveDevModeButton } from '@web/components/ui/leave-dev-mode';
import { createKeywordMatcher, isTypingTarget, toggleDevMode, useDevMode } from '@web/lib/dev-mode';
import { toast } from '@web/components/ui/toast';

/** Tiers whose badge shows in developer mode (spec part 1 §4.10). */
const BADGE_TIERS = ['ad-free', 'premium', 'ai-coach'] as const;

/**
 * Mounted once by the app for a signed-in user whose server has developer tools on: listens for the typed
 * keywords and, while developer mode is on, shows the DEVELOPER MODE banner with the tier badge and whatever the
 * app adds in `extra` (the unread-feedback count for admins), mounted only while the banner shows.
 */
export function DeveloperModeChrome({ user, extra }: { user: PublicUser; extra?: ReactNode }) {
  const on = useDevMode();
  const matcher = useMemo(() => createKeywordMatcher(), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
      if (matcher.push(e.key)) {
        const nowOn = toggleDevMode();
        toast({ title: nowOn ? 'Developer Mode On' : 'Developer Mode Off', description: nowOn ? 'Developer tools are in Settings.' : 'Your streak was reset.' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [matcher]);

  if (!on) return null;
  const badge = (BADGE_TIERS as readonly string[]).includes(user.tier) ? TIER_LABELS[user.tier] : null;
  return (
    <div
      role="region"
      aria-label="Developer mode"
      data-testid="developer-mode-banner"
      className="sticky top-0 z-[60] flex flex-wrap items-center justify-center gap-x-3 bg-warning-bg px-3 py-1 text-sm font-bold text-warning-fg"
    >
      <span className="whitespace-nowrap">DEVELOPER MODE</span>
      {badge && (
        <span data-testid="tier-badge" className="rounded-full border border-warning-border px-2 py-0.5 text-xs uppercase">
          {badge}
        </span>
      )}
      {extra}
      <LeaveDevModeButton
        className="min-h-11 whitespace-nowrap rounded-lg px-2 underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
        label="Turn off"
      />
    </div>
  );
}
