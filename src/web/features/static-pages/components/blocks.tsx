import type { Block } from '../content/faq';

/** Paragraphs and bulleted lists of the static pages. */
export function Blocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <div className="space-y-3 leading-relaxed">
      {blocks.map((b, i) =>
        typeof b === 'string' ? (
          <p key={i}>{b}</p>
        ) : (
          <ul key={i} className="list-disc space-y-1.5 pl-5 marker:text-muted">
            {b.list.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
