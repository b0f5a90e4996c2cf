import { useId, useState, type ChangeEvent } from 'react';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES, IMPORT_VERSIONS } from '@shared/schemas/account';
import { isLocalDate } from '@shared/domain/dates';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/page';
import { toast, toastError } from '@web/components/ui/toast';
import { useImportData } from '../api/import-data';

interface Preview {
  name: string;
  body: unknown;
  days: number;
  first: string | null;
  last: string | null;
}

const longDate = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** What the file holds, read in the browser before anything is sent; a message when it is not a Big 7 export. */
export function previewOf(name: string, text: string): Preview | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return IMPORT_MESSAGES.notExport;
  }
  if (!body || typeof body !== 'object' || !('exportVersion' in body) || !('checkIns' in body) || !Array.isArray(body.checkIns)) {
    return IMPORT_MESSAGES.notExport;
  }
  if (!(IMPORT_VERSIONS as readonly unknown[]).includes(body.exportVersion)) return IMPORT_MESSAGES.version(body.exportVersion);
  const dates = (body.checkIns as Array<{ date?: unknown }>).map((c) => c?.date).filter((d): d is string => typeof d === 'string' && isLocalDate(d)).sort();
  return { name, body, days: body.checkIns.length, first: dates[0] ?? null, last: dates.at(-1) ?? null };
}

/** "Import from a Big 7 export" (issue 29): choose the file, see how many days and which dates, then import. */
export function DataImport() {
  const inputId = useId();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const importing = useImportData();

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    setPreview(null);
    setProblem(null);
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) return setProblem(IMPORT_MESSAGES.tooLarge);
    const result = previewOf(file.name, await file.text());
    if (typeof result === 'string') setProblem(result);
    else setPreview(result);
  }

  function run() {
    if (!preview) return;
    importing.mutate(preview.body, {
      onSuccess: (r) => {
        setPreview(null);
        toast({
          title: IMPORT_MESSAGES.done(r.imported),
          description: r.skipped ? `${r.skipped === 1 ? '1 day was' : `${r.skipped} days were`} left as they are (already here, or too recent).` : undefined,
        });
      },
      onError: (err) => toastError(err, 'Import Failed'),
    });
  }

  return (
    <Card className="mt-4">
      <h2 className="text-lg font-bold">Import from a Big 7 export</h2>
      <p className="mt-1 text-sm text-muted">
        Bring in check-ins and journals from an “Export All Data (JSON)” file. Days you already have stay as they are; imported
        days count in your scores and trends, not in your streak.
      </p>
      <label htmlFor={inputId} className="mt-3 block text-sm font-semibold">
        Export file (.json)
      </label>
      <input
        id={inputId}
        type="file"
        accept="application/json,.json"
        onChange={(e) => void choose(e)}
        className="mt-1 block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-xl file:border file:border-border file:bg-surface-2 file:px-3 file:font-semibold"
      />
      {problem && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      {preview && (
        <div className="mt-3 rounded-xl bg-surface-2 p-3" data-testid="import-preview">
          <p className="font-semibold">
            {preview.days === 1 ? '1 day' : `${preview.days} days`}
            {preview.first && preview.last ? `, ${longDate(preview.first)} to ${longDate(preview.last)}` : ''}
          </p>
          <p className="mt-1 text-sm text-muted">{preview.name}</p>
          <Button block className="mt-3" disabled={importing.isPending || preview.days === 0} onClick={run}>
            {importing.isPending ? 'Importing...' : preview.days === 1 ? 'Import 1 day' : `Import ${preview.days} days`}
          </Button>
        </div>
      )}
    </Card>
  );
}
