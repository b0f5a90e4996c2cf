import type { LegalDocument } from '../content/legal';
import { formatLegalDate } from '../content/legal';
import { Blocks } from './blocks';
import { StaticPage } from './static-page';

/** A policy page: title, 'Last updated' date, introduction, a table of contents and the sections. */
export function LegalDocumentPage({ doc }: { doc: LegalDocument }) {
  return (
    <StaticPage title={doc.title}>
      <p className="text-sm text-muted">
        Last updated <time dateTime={doc.lastUpdated}>{formatLegalDate(doc.lastUpdated)}</time>
      </p>
      <p className="mt-4 leading-relaxed">{doc.intro}</p>
      <nav aria-label="Contents" className="mt-6 rounded-2xl border border-border bg-surface p-4">
        <h2 className="font-bold">Contents</h2>
        <ol className="mt-1">
          {doc.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-link inline-flex min-h-11 items-center">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-6 space-y-8">
        {doc.sections.map((s) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-16">
            <h2 id={`${s.id}-title`} className="mb-2 text-xl font-bold">
              {s.title}
            </h2>
            <Blocks blocks={s.body} />
          </section>
        ))}
      </div>
    </StaticPage>
  );
}
