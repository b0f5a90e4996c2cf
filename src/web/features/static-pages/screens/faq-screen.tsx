import { Accordion } from 'radix-ui';
import { FAQ } from '../content/faq';
import { Blocks } from '../components/blocks';
import { StaticPage } from '../components/static-page';

/**
 * /faq (spec part 2 §2): 16 questions in seven categories. Each question is a disclosure button (Enter or Space
 * opens it, arrow keys move between the questions of a category); several may be open at once.
 */
export default function FaqScreen() {
  return (
    <StaticPage title="Frequently Asked Questions">
      <p className="mb-6 text-muted">Quick answers about check-ins, streaks, plans and your data.</p>
      <div className="space-y-6">
        {FAQ.map((cat) => {
          const headingId = `faq-${cat.title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
          return (
            <section key={cat.title} aria-labelledby={headingId}>
              <h2 id={headingId} className="mb-2 text-lg font-bold">
                {cat.title}
              </h2>
              <Accordion.Root type="multiple" className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface">
                {cat.items.map((item) => (
                  <Accordion.Item key={item.id} value={item.id}>
                    <Accordion.Header asChild>
                      <h3>
                        <Accordion.Trigger className="group flex min-h-14 w-full items-center justify-between gap-3 px-4 py-3 text-left font-semibold hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-ring">
                          {item.question}
                          <svg
                            aria-hidden="true"
                            viewBox="0 0 24 24"
                            width="20"
                            height="20"
                            fill="none"
                            stroke="currentColor"
                            strokeWidth="2.5"
                            strokeLinecap="round"
                            strokeLinejoin="round"
                            className="shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none"
                          >
                            <path d="M6 9l6 6 6-6" />
                          </svg>
                        </Accordion.Trigger>
                      </h3>
                    </Accordion.Header>
                    <Accordion.Content className="px-4 pb-4 pt-1">
                      <Blocks blocks={item.answer} />
                    </Accordion.Content>
                  </Accordion.Item>
                ))}
              </Accordion.Root>
            </section>
          );
        })}
      </div>
    </StaticPage>
  );
}
