import { Accordion } from 'radix-ui';
import { FAQ } from '../content/faq';
import { Blocks } from '../components/blocks';
import { StaticPage } from '../components/static-page';
import { ChevronDown } from 'lucide-react';

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
                          <ChevronDown
                            aria-hidden="true"
                            size={20}
                            strokeWidth={2.5}
                            className="shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none"
                          />
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
