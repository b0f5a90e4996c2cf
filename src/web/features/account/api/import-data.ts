import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@shared/schemas/account';
import { api } from '@web/lib/api-client';
import { invalidateCheckIns } from '@web/lib/check-ins';

/** POST /api/user/import: the content of a Big 7 JSON export (already parsed for the preview). */
export const importData = (file: unknown) => api.post<ImportResult>('/api/user/import', file);

/** The imported days are history: every view derived from the check-ins is read again. */
export function useImportData() {
  const client = useQueryClient();
  return useMutation({ mutationFn: importData, onSuccess: () => invalidateCheckIns(client) });
}
