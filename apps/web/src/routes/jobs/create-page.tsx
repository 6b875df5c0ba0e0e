/**
 * /jobs/create/:type (JobCreate) — first step of the creation stepper: issuer, buyer (or a new buyer when the
 * issuer allows it), job name. Creating the job continues at /jobs/:jobId/workflow/:type.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
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
import { JOB_TYPE_LABELS, JOB_TYPES, mayCreateJobType, type TJobType } from '@sextant/shared/values';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { can, useRequiredUser } from '../../app/current-user.ts';
import { creationOptionsQuery, errorMessage, fieldErrors, useCreateJob, type TCreationOption } from '../../api/jobs.ts';
import { handleAuthorizationOutcome } from '../../app/query-client.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { notify } from '../../components/notifications/notification-store.ts';
import { CreationStepper } from './creation-stepper.tsx';
import { JOB_TYPE_INFO } from './job-types.ts';

function CreateForm({ type, options }: { type: TJobType; options: TCreationOption[] }) {
  const { t } = useTranslation('jobs');
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
    issuerId: !issuer ? t('create.errors.issuer') : undefined,
    buyerId: buyerMode === 'existing' && !buyer ? t('create.errors.buyer') : undefined,
    newBuyerName: buyerMode === 'new' && newBuyer.trim().length < 2 ? t('create.errors.newBuyer') : undefined,
    name: !name.trim() ? t('create.errors.name') : name.length > 200 ? t('create.errors.nameLength') : undefined,
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
      notify('success', r.message || t('create.created'));
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
              label={t('create.issuer')}
              required
              error={Boolean(err('issuerId'))}
              helperText={
                err('issuerId') ?? (issuer?.currency ? t('create.resultsIn', { currency: issuer.currency }) : undefined)
              }
            />
          )}
          data-testid="create-issuer"
        />
        <Box>
          {canNewBuyer && (
            <RadioGroup row value={buyerMode} onChange={(_, v) => setBuyerMode(v as 'existing' | 'new')} sx={{ mb: 1 }}>
              <FormControlLabel value="existing" control={<Radio />} label={t('create.existingBuyer')} />
              <FormControlLabel value="new" control={<Radio />} label={t('create.newBuyer')} />
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
              noOptionsText={canNewBuyer ? t('create.noBuyersNew') : t('create.noBuyers')}
              renderInput={(p) => (
                <TextField
                  {...p}
                  label={t('create.buyer')}
                  required
                  error={Boolean(err('buyerId'))}
                  helperText={err('buyerId') ?? (issuer ? t('create.buyerHelper') : t('create.chooseIssuerFirst'))}
                />
              )}
              data-testid="create-buyer"
            />
          ) : (
            <TextField
              fullWidth
              label={t('create.newBuyerName')}
              required
              value={newBuyer}
              onChange={(e) => setNewBuyer(e.target.value)}
              error={Boolean(err('newBuyerName'))}
              helperText={
                err('newBuyerName') ??
                t('create.newBuyerHelper', { issuer: issuer?.issuerName ?? t('create.theIssuer') })
              }
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'create-new-buyer' } }}
            />
          )}
        </Box>
        <TextField
          label={t('create.jobName')}
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(err('name'))}
          helperText={err('name') ?? t('create.jobNameHelper')}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'create-name' } }}
        />
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate('/jobs/loading')}>{t('create.back')}</Button>
          <PendingButton type="submit" variant="contained" pending={create.isPending} data-testid="create-submit">
            {t('create.submit')}
          </PendingButton>
        </Stack>
      </Stack>
    </Paper>
  );
}

export function Component() {
  const { t } = useTranslation('jobs');
  const { type = '' } = useParams();
  const navigate = useNavigate();
  const user = useRequiredUser();
  const q = useQuery(creationOptionsQuery());
  const held = new Set(user.permissions);
  // The types this user may create: the accessor role of the type's upload tab and the job create rule.
  const creatable = JOB_TYPES.filter((jt) => can(user, [JOB_TYPE_INFO[jt].permission]) && mayCreateJobType(held, jt));
  if (!(creatable as readonly string[]).includes(type)) return <Navigate to="/jobs/loading" replace />;
  const jt = type as TJobType;
  return (
    <Stack spacing={3}>
      {/* JobTypeTabSwitcherAccessor: switch between the creatable job types without going back to the chooser. */}
      {can(user, ['JobTypeTabSwitcherAccessor']) && creatable.length > 1 && (
        <Tabs
          value={jt}
          onChange={(_, v: TJobType) => navigate(`/jobs/create/${v}`)}
          aria-label={t('create.typeSwitcher')}
          data-testid="job-type-switcher"
        >
          {creatable.map((c) => (
            <Tab key={c} value={c} label={t(`types.${c}.label`, { defaultValue: JOB_TYPE_LABELS[c] })} />
          ))}
        </Tabs>
      )}
      <Box>
        <Typography variant="h4" component="h2">
          {t('create.title', { type: t(`types.${jt}.label`, { defaultValue: JOB_TYPE_LABELS[jt] }) })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 760 }}>
          {t(`types.${jt}.summary`, { defaultValue: JOB_TYPE_INFO[jt].summary })}
        </Typography>
      </Box>
      <CreationStepper active={0} />
      {q.isLoading ? (
        <Skeleton variant="rounded" height={320} sx={{ maxWidth: 720 }} />
      ) : q.data && q.data.length === 0 ? (
        <Alert severity="info">{t('create.noIssuers')}</Alert>
      ) : q.data ? (
        <CreateForm type={jt} options={q.data} />
      ) : (
        <Alert severity="error">{t('create.loadError')}</Alert>
      )}
    </Stack>
  );
}
