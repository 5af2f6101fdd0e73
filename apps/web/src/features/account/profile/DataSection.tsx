import { useState } from 'react';
import { dataExportFileName, dataExportMessages, dataExportSummary, isDataExport } from '@pentland/account';
import { DataExportPanel, idle, type ActionState } from '@pentland/screens';
import { exportMyData } from './data.ts';
import { done, fail, type ProfileContext } from './useProfile.ts';

/** Download my data: everything the database holds about the user, as a JSON file (the code first, if enrolled). */
export function DataSection({ client, withStepUp }: ProfileContext) {
  const [exportState, setExportState] = useState<ActionState>(idle);
  const download = () =>
    void withStepUp('Before you download your data, enter the code from your authenticator app.', () => {
      setExportState({ status: 'busy' });
      void exportMyData(client).then(({ data, error }) => {
        if (error || !isDataExport(data))
          return setExportState(
            fail(
              error?.hint === 'insufficient_aal'
                ? dataExportMessages.insufficientAal
                : dataExportMessages.failed,
            ),
          );
        const a = document.createElement('a');
        a.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
        a.download = dataExportFileName();
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
        setExportState(done(`${dataExportMessages.ready} ${dataExportSummary(data)}`));
      });
    });
  return <DataExportPanel onDownload={download} state={exportState} />;
}
