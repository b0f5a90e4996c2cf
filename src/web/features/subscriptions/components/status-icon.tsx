/** Large status icons for the payment screens (SVG: emoji fonts are missing on some devices). */
export function StatusIcon({ kind }: { kind: 'success' | 'warning' | 'receipt' }) {
  const common = { 'aria-hidden': true, viewBox: '0 0 24 24', width: 56, height: 56, fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
  if (kind === 'success') {
    return (
      <svg {...common} className="mx-auto text-primary">
        <circle cx="12" cy="12" r="10" />
        <path d="M7.5 12.5l3 3 6-6.5" />
      </svg>
    );
  }
  if (kind === 'warning') {
    return (
      <svg {...common} className="mx-auto text-danger-text">
        <path d="M12 3l10 18H2L12 3z" />
        <path d="M12 10v5M12 18h.01" />
      </svg>
    );
  }
  return (
    <svg {...common} className="mx-auto text-muted">
      <path d="M6 2h12v20l-3-2-3 2-3-2-3 2V2z" />
      <path d="M9 7h6M9 11h6M9 15h4" />
    </svg>
  );
}
