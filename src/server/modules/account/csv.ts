import { AREAS, AREA_LABELS, AREA_SCORE_KEYS } from '@shared/domain/scoring';
import { CSV_HEADER, type AccountExport } from '@shared/schemas/account';
import { JOURNAL_FIELDS } from '@shared/schemas/check-ins';

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, CR or LF (quotes doubled). A cell a spreadsheet
 * would run as a formula (starting with = + - @, or a tab or CR) gets a leading single quote first (OWASP CSV
 * injection), so opening the export never executes what a journal says.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly (string | number | null | undefined)[]): string => cells.map(csvCell).join(',');

/** Area score 0..1 written with up to 4 decimals (no float noise such as 0.30000000000000004). */
const score = (n: number): string => String(Math.round(n * 10_000) / 10_000);

/** The seven journal texts of a check-in, readably: "Rest: … | Joy: …" (areas without text left out). */
export function journalText(journal: AccountExport['checkIns'][number]['journal']): string {
  if (!journal) return '';
  return JOURNAL_FIELDS.map((f, i) => {
    const text = journal[f];
    return text && text.trim() ? `${AREA_LABELS[AREAS[i]!]}: ${text.trim()}` : null;
  })
    .filter((s): s is string => s !== null)
    .join(' | ');
}

/** The CSV export: the header, then one row per check-in, oldest first; CRLF line ends (RFC 4180). */
export function checkInsCsv(data: AccountExport): string {
  const rows = [...data.checkIns]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((c) =>
      csvRow([
        c.date,
        ...AREA_SCORE_KEYS.map((key) => score(c[key])),
        score(c.score),
        c.subscriptionTierAtCheckIn,
        journalText(c.journal),
      ]),
    );
  return [CSV_HEADER.join(','), ...rows].join('\r\n') + '\r\n';
}
