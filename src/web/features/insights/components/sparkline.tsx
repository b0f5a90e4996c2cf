/**
 * A small line of values 0–1 (oldest first), drawn as an inline SVG: decorative (the caller says the numbers in
 * text). The bottom is 0 and the top the next quarter above the highest value, so a young score's line still shows
 * its moves. Nothing is drawn for fewer than two values.
 */
export function Sparkline({ values, width = 96, height = 28, className = '' }: { values: readonly number[]; width?: number; height?: number; className?: string }) {
  if (values.length < 2) return null;
  const pad = 2;
  const step = (width - 2 * pad) / (values.length - 1);
  const top = Math.min(1, Math.max(0.25, Math.ceil(Math.max(...values) * 4) / 4));
  const y = (v: number) => pad + (1 - Math.min(top, Math.max(0, v)) / top) * (height - 2 * pad);
  const points = values.map((v, i) => `${(pad + i * step).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} aria-hidden="true" focusable="false" className={className} data-testid="sparkline">
      <line x1={pad} x2={width - pad} y1={height - pad} y2={height - pad} strokeWidth="1" className="stroke-border" />
      <polyline points={points} fill="none" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" className="stroke-primary" />
    </svg>
  );
}
