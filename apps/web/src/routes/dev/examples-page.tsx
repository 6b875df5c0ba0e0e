/** /dev/examples (DevArea_CRUD): live examples of the shared components, against real endpoints. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SCHEMES, type TPagingRequest } from '@sextant/shared/values';
import { http, ok } from '../../api/client.ts';
import { fetchIssuers } from '../../api/issuers.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { FileUpload } from '../../components/file-upload.tsx';
import { FormDialog, type TFormValues } from '../../components/form-dialog.tsx';
import { notify, notifyError } from '../../components/notifications/notification-store.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { formatCount } from '../../lib/format.ts';

type TIssuerRow = Awaited<ReturnType<typeof fetchIssuers>>['collection'][number];
function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h5" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const NO_JOB = '00000000-0000-0000-0000-000000000000';
export function Component() {
  const [dialog, setDialog] = useState(false);
  const [result, setResult] = useState<TFormValues | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  return (
    <Stack spacing={3}>
      <Section title="Notifications">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button
            variant="outlined"
            data-testid="example-error"
            onClick={() =>
              // deliberately a job that does not exist: its 404 is the example
              ok(http.GET('/api/v1/jobs/{jobId}', { params: { path: { jobId: NO_JOB } } })).catch((e: unknown) =>
                notifyError(e, 'Loading the example resource'),
              )
            }
          >
            Trigger an error
          </Button>
          <Button
            variant="outlined"
            data-testid="example-long-error"
            onClick={() => notifyError(new Error('x'.repeat(1500)), 'Long error message')}
          >
            Trigger a long error
          </Button>
          <Button variant="outlined" onClick={() => notify('success', 'Saved.')}>
            Success message
          </Button>
          <PendingButton
            variant="contained"
            data-testid="example-pending"
            onClick={() => new Promise((r) => setTimeout(r, 1500))}
          >
            Pending action (1.5 s)
          </PendingButton>
        </Stack>
      </Section>
      <Section title="Form dialog">
        <Button variant="contained" onClick={() => setDialog(true)} data-testid="example-open-dialog">
          Open form dialog
        </Button>
        {result && (
          <Box
            component="pre"
            sx={{ mt: 2, p: 2, bgcolor: 'action.hover', borderRadius: 1, fontSize: 12, overflow: 'auto' }}
            data-testid="example-dialog-result"
          >
            {JSON.stringify(result, (_k, v: unknown) => (v instanceof File ? v.name : v), 2)}
          </Box>
        )}
        {dialog && (
          <FormDialog
            open
            title="Invite a colleague"
            description="All five field types of the form dialog."
            fields={[
              {
                type: 'autocomplete',
                name: 'scheme',
                label: 'Scheme',
                options: SCHEMES.map((s) => ({ value: s, label: s })),
                required: true,
              },
              { type: 'text', name: 'email', label: 'Email', inputType: 'email', required: true },
              { type: 'checkbox', name: 'sendNow', label: 'Send the invitation now' },
              {
                type: 'radio',
                name: 'role',
                label: 'Role',
                options: [
                  { value: 'Manager', label: 'Manager' },
                  { value: 'Member', label: 'Member' },
                ],
              },
              { type: 'file', name: 'attachment', label: 'Attachment' },
            ]}
            onCancel={() => setDialog(false)}
            onConfirm={async (v) => {
              await new Promise((r) => setTimeout(r, 400));
              setResult(v);
              setDialog(false);
            }}
          />
        )}
      </Section>
      <Section title="File upload">
        <FileUpload label="Choose files" multiple files={files} onChange={setFiles} />
      </Section>
      <Section title="Server-paged table (issuers)">
        <DataTable<TIssuerRow>
          queryKey={['dev-examples', 'issuers']}
          fetchPage={(req: TPagingRequest) => fetchIssuers(req)}
          rowKey={(r) => r.id}
          defaultSort={{ propertyName: 'name', direction: 'asc' }}
          operation="Loading issuers"
          columns={[
            { field: 'name', header: 'Name', sortable: true, filter: { kind: 'text' }, copyValue: (r) => r.name },
            { field: 'issuerKey', header: 'Key', sortable: true, copyValue: (r) => r.issuerKey },
            {
              field: 'scheme',
              header: 'Scheme',
              filter: { kind: 'multiselect', options: SCHEMES.map((s) => ({ value: s, label: s })) },
              render: (r) => <Chip size="small" label={r.scheme} />,
            },
            { field: 'currency', header: 'Currency', sortable: true },
            {
              field: 'jobsCount',
              header: 'Jobs',
              align: 'right',
              render: (r) => formatCount(r.jobsCount),
              filter: { kind: 'unavailable' },
            },
            { field: 'usersCount', header: 'Users', align: 'right', render: (r) => formatCount(r.usersCount) },
          ]}
        />
      </Section>
    </Stack>
  );
}
