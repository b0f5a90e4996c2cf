/** The paths of the four tabs of the main navigation (spec part 1 §2.7; the tabs themselves: bottom-nav.tsx). */
export const TAB_PATHS = {
  dashboard: ['/', '/dashboard'],
  account: ['/account'],
  upgrade: ['/upgrade'],
  settings: ['/settings'],
} as const;

/** Paths that show the bottom navigation: the four tabs, static, purchase, analytics and AI coach pages. */
const NAV_PREFIXES = ['/faq', '/privacy', '/terms', '/whats-new', '/purchase-history', '/payment-success', '/analytics', '/business-dashboard', '/ai-coach'];
export function showsBottomNav(pathname: string): boolean {
  if (Object.values(TAB_PATHS).some((paths) => (paths as readonly string[]).includes(pathname))) return true;
  return NAV_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
