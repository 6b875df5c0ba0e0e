/** Steps of job creation, shared by /jobs/create/:type and /jobs/:jobId/workflow/:type. */
import { useTranslation } from 'react-i18next';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';

/** The steps' English labels; the UI shows `stepper.<index>` of the jobs namespace. */
export const CREATION_STEPS = [
  'Issuer, buyer and name',
  'Upload files',
  'Check mapping and data',
  'Run analysis',
] as const;

export function CreationStepper({ active }: { active: number }) {
  const { t } = useTranslation('jobs');
  return (
    <Stepper
      activeStep={active}
      alternativeLabel
      sx={{ '& .MuiStepLabel-label': { fontSize: { xs: 12, sm: 14 } } }}
      data-testid="creation-stepper"
    >
      {CREATION_STEPS.map((s, i) => (
        <Step key={s}>
          <StepLabel>{t(`stepper.${i}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
