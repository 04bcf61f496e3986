import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { UploadList } from '@platform/schemas';
import { downloadUpload, uploadsQuery } from '../../api/main.ts';
import { useApiClient } from '../../hooks/useApiClient.ts';
import { useCustomerScope } from '../../hooks/useCustomerScope.ts';
import { formatBytes, formatDate, formatDateTimeUtc } from '../../ui/format.ts';
import type { ScreenProps } from '../screenProps.ts';
import { failureText } from '../../ui/errorText.ts';
import { EmptyState, LoadState } from '../shared/LoadState.tsx';
import { NeedsCustomer } from '../shared/NeedsCustomer.tsx';
import { SiteGroupFilterNote } from '../shared/SiteGroupFilterNote.tsx';
import { TableScroll } from '../shared/TableScroll.tsx';

type Upload = UploadList['uploads'][number];

const STATUS: Record<Upload['status'], string> = { processed: 'Processed', processing: 'Processing', failed: 'Failed' };

/** /settings/uploads: the customer's uploaded files in the selected site groups, each downloadable. */
export function UploadsScreen({ title }: ScreenProps) {
  const { client, customerId, staff, selected, enabled, groupName } = useCustomerScope();
  const uploads = useQuery({ ...uploadsQuery(client, customerId ?? '', selected), enabled });

  return (
    <article className="screen">
      <h1>{title}</h1>
      {!customerId ? (
        <NeedsCustomer staff={staff} what="uploads" />
      ) : !uploads.data ? (
        <LoadState what="the uploads" error={uploads.error} onRetry={() => void uploads.refetch()} />
      ) : (
        <>
          <SiteGroupFilterNote selected={selected.map(groupName)} />
          {uploads.data.uploads.length === 0 ? (
            <EmptyState>{selected.length ? 'No uploads in the selected site groups.' : 'No files have been uploaded yet.'}</EmptyState>
          ) : (
            <TableScroll label="Uploaded files">
              <table className="data-table card-table" aria-label="Uploads">
                <thead>
                  <tr>
                    <th scope="col">File</th>
                    <th scope="col">Size</th>
                    <th scope="col">Uploaded</th>
                    <th scope="col">By</th>
                    <th scope="col">Site group</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span className="visually-hidden">Download</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {uploads.data.uploads.map((u) => (
                    <tr key={u.id} data-upload={u.id}>
                      <th scope="row">{u.fileName}</th>
                      <td className="size" data-label="Size">
                        {formatBytes(u.sizeBytes)}
                      </td>
                      <td data-label="Uploaded">
                        <time dateTime={u.uploadedAt} title={formatDateTimeUtc(u.uploadedAt)}>
                          {formatDate(u.uploadedAt)}
                        </time>
                      </td>
                      <td data-label="By">{u.uploadedBy}</td>
                      <td data-label="Site group">{groupName(u.siteGroupId)}</td>
                      <td data-label="Status">
                        <span className={`badge ${u.status === 'failed' ? 'badge-off' : u.status === 'processed' ? 'badge-ok' : ''}`}>{STATUS[u.status]}</span>
                      </td>
                      <td>
                        <DownloadUpload customerId={customerId} upload={u} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}
    </article>
  );
}

function DownloadUpload({ customerId, upload }: { customerId: string; upload: Upload }) {
  const client = useApiClient();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    const saved = await downloadUpload(client, customerId, upload.id, upload.fileName);
    setBusy(false);
    if (saved.ok) toast.success(`Saved ${saved.value}`);
    else toast.error(failureText(`Could not download ${upload.fileName}`, saved.error));
  };
  return (
    <button type="button" className="link-button" onClick={() => void download()} disabled={busy} aria-label={`Download ${upload.fileName}`}>
      {busy ? 'Downloading…' : 'Download'}
    </button>
  );
}
