import { ACCOUNT_MESSAGES } from '@shared/schemas/account';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/page';
import { toastError } from '@web/components/ui/toast';
import { useExportData } from '../api/export-data';
import { useExportWellnessReport } from '../api/export-wellness-report';

/** The PDF wellness report and the JSON / CSV exports (spec part 2 §4; issue 11). */
export function DataExport() {
  const pdf = useExportWellnessReport();
  const data = useExportData();
  const fail = (err: unknown) => toastError(err, 'Export Failed', ACCOUNT_MESSAGES.exportFailed);
  const exporting = data.isPending ? data.variables : null;
  return (
    <Card className="mt-4">
      <h2 className="text-lg font-bold">Your Data</h2>
      <p className="mt-1 text-sm text-muted">Download a wellness report, or take all of your data with you.</p>
      <div className="mt-3 grid gap-2">
        <Button variant="outline" block disabled={pdf.isPending} onClick={() => pdf.mutate(undefined, { onError: fail })}>
          {pdf.isPending ? 'Generating report...' : 'Download Wellness Report (PDF)'}
        </Button>
        <Button variant="outline" block disabled={data.isPending} onClick={() => data.mutate('json', { onError: fail })}>
          {exporting === 'json' ? 'Exporting...' : 'Export All Data (JSON)'}
        </Button>
        <Button variant="outline" block disabled={data.isPending} onClick={() => data.mutate('csv', { onError: fail })}>
          {exporting === 'csv' ? 'Exporting...' : 'Export Check-ins (CSV)'}
        </Button>
      </div>
    </Card>
  );
}
