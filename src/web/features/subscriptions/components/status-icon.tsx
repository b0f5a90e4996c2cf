import { CircleCheck, Receipt, TriangleAlert } from 'lucide-react';

/** Large status icons for the payment screens (SVG: emoji fonts are missing on some devices). */
export function StatusIcon({ kind }: { kind: 'success' | 'warning' | 'receipt' }) {
  if (kind === 'success') return <CircleCheck aria-hidden="true" size={56} className="mx-auto text-primary" />;
  if (kind === 'warning') return <TriangleAlert aria-hidden="true" size={56} className="mx-auto text-danger-text" />;
  return <Receipt aria-hidden="true" size={56} className="mx-auto text-muted" />;
}
