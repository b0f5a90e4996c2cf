/**
 * The Recharts drawings, in their own module: the screens import it lazily (chart.tsx), so Recharts is
 * downloaded only by the analytics screens. Purely visual (aria-hidden); the figure's table carries the data.
 */
import { Bar, BarChart, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { colorAt, type ChartDatum } from './palette';

export function DonutGraphic({ data }: { data: ChartDatum[] }) {
  const shown = data.filter((d) => d.value > 0);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart accessibilityLayer={false}>
        <Pie data={shown.length ? shown : [{ name: 'none', value: 1 }]} dataKey="value" nameKey="name" innerRadius="55%" outerRadius="90%" stroke="none" rootTabIndex={-1} isAnimationActive={false}>
          {(shown.length ? shown : [{ name: 'none', value: 1 }]).map((d) => (
            <Cell key={d.name} fill={shown.length ? colorAt(data.indexOf(d)) : '#94a3b8'} />
          ))}
        </Pie>
        {shown.length > 0 && <Tooltip />}
      </PieChart>
    </ResponsiveContainer>
  );
}

export function BarsGraphic({ data }: { data: ChartDatum[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        {/* many categories: slanted labels so they never run into each other on a phone */}
        <XAxis
          dataKey="name"
          tick={{ fill: 'currentColor', fontSize: 11 }}
          interval={0}
          tickLine={false}
          axisLine={false}
          {...(data.length > 4 ? { angle: -40, textAnchor: 'end', height: 52 } : {})}
        />
        <YAxis allowDecimals={false} tick={{ fill: 'currentColor', fontSize: 11 }} tickLine={false} axisLine={false} />
        <Tooltip cursor={{ fillOpacity: 0.1 }} />
        <Bar dataKey="value" radius={[6, 6, 0, 0]} isAnimationActive={false}>
          {data.map((d, i) => (
            <Cell key={d.name} fill={colorAt(i)} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
