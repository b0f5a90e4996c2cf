/** The Big 7 logo: a coloured arc (one colour per wellbeing area) around the digit 7. */
const ARC_COLOURS = ['#6366f1', '#0ea5e9', '#14b8a6', '#22c55e', '#eab308', '#f97316', '#ec4899'];

export function Logo({ size = 128, title = 'Big 7' }: { size?: number; title?: string }) {
  // Seven arc segments from 150° to 390° (a 240° arc open at the bottom), centre 60,60, radius 48.
  const start = 150;
  const sweep = 240 / ARC_COLOURS.length;
  const r = 48;
  const point = (deg: number) => {
    const rad = (deg * Math.PI) / 180;
    return `${(60 + r * Math.cos(rad)).toFixed(2)} ${(60 + r * Math.sin(rad)).toFixed(2)}`;
  };
  return (
    <svg role="img" aria-label={title} width={size} height={size} viewBox="0 0 120 120">
      <title>{title}</title>
      {ARC_COLOURS.map((c, i) => {
        const a = start + i * sweep + 1.5;
        const b = start + (i + 1) * sweep - 1.5;
        return <path key={c} d={`M ${point(a)} A ${r} ${r} 0 0 1 ${point(b)}`} fill="none" stroke={c} strokeWidth="11" strokeLinecap="round" />;
      })}
      <text x="60" y="80" textAnchor="middle" fontSize="58" fontWeight="800" fontFamily="system-ui, sans-serif" fill="currentColor">
        7
      </text>
    </svg>
  );
}
