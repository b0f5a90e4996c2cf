import { useMutation } from '@tanstack/react-query';
import { downloadFile } from './download';

/** POST /api/user/export-wellness-data → a PDF, downloaded as big7-wellness-report-YYYY-MM-DD.pdf. */
export const exportWellnessReport = () => downloadFile('/api/user/export-wellness-data', { method: 'POST' }, 'big7-wellness-report.pdf');

export function useExportWellnessReport() {
  return useMutation({ mutationFn: exportWellnessReport });
}
