import { lazy, Suspense } from 'react';
import { colorAt, type ChartDatum } from './palette';

// Recharts loads with the first chart of these screens only.
const DonutGraphic = lazy(() => import('./chart-graphics').then((m) => ({ default: m.DonutGraphic })));
const BarsGraphic = lazy(() => import('./chart-graphics').then((m) => ({ default: m.BarsGraphic })));

/**
 * A chart with its data as a table: the drawing is decoration (aria-hidden), the table (colour key, value,
 * share) is what screen readers and anyone who prefers numbers read.
 */
export function ChartFigure({
  kind,
  data,
  caption,
  format = (v) => v.toLocaleString('en-US'),
  showShare = kind === 'donut',
}: {
  kind: 'donut' | 'bars';
  data: ChartDatum[];
  caption: string;
  format?: (v: number) => string;
  showShare?: boolean;
}) {
  const total = data.reduce((a, d) => a + d.value, 0);
  const Graphic = kind === 'donut' ? DonutGraphic : BarsGraphic;
  return (
    <figure className="mt-3">
      <div aria-hidden="true" className={kind === 'donut' ? 'mx-auto h-40 w-40 text-muted' : 'h-44 w-full text-muted'}>
        <Suspense fallback={<div className="h-full w-full animate-pulse rounded-xl bg-surface-2 motion-reduce:animate-none" />}>
          <Graphic data={data} />
        </Suspense>
      </div>
      <figcaption className="sr-only">{caption}</figcaption>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <tbody>
          {data.map((d, i) => (
            <tr key={d.name} className="border-t border-border first:border-t-0">
              <th scope="row" className="py-1 text-left font-normal">
                <span aria-hidden="true" className="mr-2 inline-block h-2.5 w-2.5 rounded-sm align-middle" style={{ backgroundColor: colorAt(i) }} />
                {d.name}
              </th>
              <td className="py-1 text-right font-semibold tabular-nums">{format(d.value)}</td>
              {showShare && <td className="w-16 py-1 text-right text-muted tabular-nums">{total > 0 ? `${Math.round((d.value / total) * 1000) / 10}%` : '0%'}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
