import { Card } from '@web/components/ui/page';
import { formatLegalDate } from '../content/legal';
import { RELEASES } from '../content/releases';
import { PRODUCT_NAME } from '../content/facts';
import { StaticPage } from '../components/static-page';

/** /whats-new (spec part 2 §2): release notes, newest first, the latest marked Latest, and a thank-you card. */
export default function WhatsNewScreen() {
  return (
    <StaticPage title="What's New">
      <ol className="space-y-4">
        {RELEASES.map((r, i) => (
          <li key={r.version}>
            <Card className={i === 0 ? 'border-primary' : undefined}>
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="text-lg font-bold">Version {r.version}</h2>
                {i === 0 && <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-primary-fg">Latest</span>}
              </div>
              <p className="text-sm text-muted">
                <time dateTime={r.date}>{formatLegalDate(r.date)}</time>
              </p>
              <h3 className="mt-3 font-semibold">{r.title}</h3>
              <ul className="mt-2 list-disc space-y-1.5 pl-5 leading-relaxed marker:text-muted">
                {r.notes.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </ol>
      <Card className="mt-6 text-center">
        <h2 className="text-lg font-bold">Thank you</h2>
        <p className="mt-2 leading-relaxed">
          Thank you for checking in with {PRODUCT_NAME}. Every release is shaped by what you tell us, so keep the feedback
          coming from Settings.
        </p>
      </Card>
    </StaticPage>
  );
}
