/**
 * /jobs/create/:type (JobCreate) — first step of the creation stepper: issuer, buyer (or a new buyer when the
 * issuer allows it), job name. Creating the job continues at /jobs/:jobId/workflow/:type.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { JOB_TYPE_LABELS, JOB_TYPES, type TJobType } from '@sextant/shared';
import { creationOptionsQuery, errorMessage, fieldErrors, useCreateJob, type TCreationOption } from '../../api/jobs.ts';
import { handleAuthorizationOutcome } from '../../app/query-client.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { notify } from '../../components/notifications/notification-store.ts';
import { CreationStepper } from './creation-stepper.tsx';
import { JOB_TYPE_INFO } from './job-types.ts';

function CreateForm({ type, options }: { type: TJobType; options: TCreationOption[] }) {
  const navigate = useNavigate();
  const create = useCreateJob();
  const [issuer, setIssuer] = useState<TCreationOption | null>(options.length === 1 ? options[0]! : null);
  const [buyerMode, setBuyerMode] = useState<'existing' | 'new'>('existing');
  const [buyer, setBuyer] = useState<{ id: string; name: string } | null>(null);
  const [newBuyer, setNewBuyer] = useState('');
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const server = fieldErrors(create.error);
  const canNewBuyer = Boolean(issuer?.canCreateBuyer);
  const local = {
    issuerId: !issuer ? 'Choose an issuer' : undefined,
    buyerId: buyerMode === 'existing' && !buyer ? 'Choose a buyer' : undefined,
    newBuyerName: buyerMode === 'new' && newBuyer.trim().length < 2 ? 'Enter the buyer name' : undefined,
    name: !name.trim() ? 'Enter a job name' : name.length > 200 ? 'Use at most 200 characters' : undefined,
  };
  const err = (k: keyof typeof local) => (touched ? local[k] : undefined) ?? server[k];
  const submit = async () => {
    setTouched(true);
    if (Object.values(local).some(Boolean) || !issuer) return;
    try {
      const r = await create.mutateAsync({
        name: name.trim(),
        type,
        issuerId: issuer.issuerId,
        ...(buyerMode === 'existing' ? { buyerId: buyer!.id } : { newBuyerName: newBuyer.trim() }),
      });
      notify('success', r.message || 'Job created');
      navigate(`/jobs/${r.id}/workflow/${type}`);
    } catch (e) {
      handleAuthorizationOutcome(e);
    }
  };
  const generalError = create.error && Object.keys(server).length === 0 ? errorMessage(create.error) : null;

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720 }}
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack spacing={3}>
        {generalError && (
          <Alert severity="error" data-testid="create-error">
            {generalError}
          </Alert>
        )}
        <Autocomplete
          options={options}
          value={issuer}
          getOptionLabel={(o) => o.issuerName}
          isOptionEqualToValue={(a, b) => a.issuerId === b.issuerId}
          onChange={(_, v) => {
            setIssuer(v);
            setBuyer(null);
            if (!v?.canCreateBuyer) setBuyerMode('existing');
          }}
          renderInput={(p) => (
            <TextField
              {...p}
              label="Issuer"
              required
              error={Boolean(err('issuerId'))}
              helperText={err('issuerId') ?? (issuer?.currency ? `Results in ${issuer.currency}` : undefined)}
            />
          )}
          data-testid="create-issuer"
        />
        <Box>
          {canNewBuyer && (
            <RadioGroup row value={buyerMode} onChange={(_, v) => setBuyerMode(v as 'existing' | 'new')} sx={{ mb: 1 }}>
              <FormControlLabel value="existing" control={<Radio />} label="Existing buyer" />
              <FormControlLabel value="new" control={<Radio />} label="New buyer" />
            </RadioGroup>
          )}
          {buyerMode === 'existing' ? (
            <Autocomplete
              options={issuer?.buyers ?? []}
              value={buyer}
              disabled={!issuer}
              getOptionLabel={(o) => o.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              onChange={(_, v) => setBuyer(v)}
              noOptionsText={canNewBuyer ? 'No buyers yet — choose “New buyer”' : 'This issuer has no buyers yet'}
              renderInput={(p) => (
                <TextField
                  {...p}
                  label="Buyer"
                  required
                  error={Boolean(err('buyerId'))}
                  helperText={
                    err('buyerId') ?? (issuer ? 'The client company whose data this is' : 'Choose an issuer first')
                  }
                />
              )}
              data-testid="create-buyer"
            />
          ) : (
            <TextField
              fullWidth
              label="New buyer name"
              required
              value={newBuyer}
              onChange={(e) => setNewBuyer(e.target.value)}
              error={Boolean(err('newBuyerName'))}
              helperText={
                err('newBuyerName') ?? `Created for ${issuer?.issuerName ?? 'the issuer'} together with the job`
              }
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'create-new-buyer' } }}
            />
          )}
        </Box>
        <TextField
          label="Job name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(err('name'))}
          helperText={err('name') ?? 'Unique for the buyer, e.g. “FY2025 supplier review”'}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'create-name' } }}
        />
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate('/jobs/loading')}>Back</Button>
          <PendingButton type="submit" variant="contained" pending={create.isPending} data-testid="create-submit">
            Create job
          </PendingButton>
        </Stack>
      </Stack>
    </Paper>
  );
}

export function Component() {
  const { type = '' } = useParams();
  const q = useQuery(creationOptionsQuery());
  if (!(JOB_TYPES as readonly string[]).includes(type)) return <Navigate to="/jobs/loading" replace />;
  const t = type as TJobType;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h2">
          New {JOB_TYPE_LABELS[t]}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 760 }}>
          {JOB_TYPE_INFO[t].summary}
        </Typography>
      </Box>
      <CreationStepper active={0} />
      {q.isLoading ? (
        <Skeleton variant="rounded" height={320} sx={{ maxWidth: 720 }} />
      ) : q.data && q.data.length === 0 ? (
        <Alert severity="info">
          You are not a member of an issuer you can create jobs for. Ask an administrator to add you to an issuer.
        </Alert>
      ) : q.data ? (
        <CreateForm type={t} options={q.data} />
      ) : (
        <Alert severity="error">The issuers and buyers could not be loaded.</Alert>
      )}
    </Stack>
  );
}
