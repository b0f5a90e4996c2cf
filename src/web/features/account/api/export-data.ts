import { useMutation } from '@tanstack/react-query';
import type { EXPORT_FORMATS } from '@shared/schemas/account';
import { downloadFile } from './download';

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /api/user/export?format=json|csv → everything the account owns (JSON) or one row per check-in (CSV). */
export const exportData = (format: ExportFormat) =>
  downloadFile(`/api/user/export?format=${format}`, { method: 'GET' }, format === 'json' ? 'big7-data.json' : 'big7-check-ins.csv');

export function useExportData() {
  return useMutation({ mutationFn: exportData });
}
