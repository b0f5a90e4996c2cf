import { ComingSoon, Page, PageHeader } from '@web/components/ui/page';
import { DEV_TOOLS_OFF } from '@web/lib/dev-mode';

/** The developer screens (/test, /scroll-test, …) on a server whose developer tools are off. */
export default function DevToolsOffScreen() {
  return (
    <Page>
      <PageHeader title="Developer Tools" backTo="/settings" />
      <div role="status" data-testid="dev-tools-off">
        <ComingSoon>
          <strong className="block text-fg">{DEV_TOOLS_OFF.title}</strong>
          {DEV_TOOLS_OFF.description}
        </ComingSoon>
      </div>
    </Page>
  );
}
