import type { ReactNode } from 'react';
import { Page, PageHeader } from '@web/components/ui/page';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';

/**
 * The frame of the static pages: a back button to /settings (to the welcome screen for a visitor, who has no
 * settings: /privacy and /terms are open signed out too) and room for the bottom navigation when signed in.
 */
export function StaticPage({ title, children }: { title: string; children: ReactNode }) {
  const signedIn = !!useCurrentUser().data;
  return (
    <Page withNav={signedIn}>
      <PageHeader title={title} backTo={signedIn ? '/settings' : '/'} backLabel={signedIn ? 'Back to Settings' : 'Back to Welcome'} />
      {children}
    </Page>
  );
}
