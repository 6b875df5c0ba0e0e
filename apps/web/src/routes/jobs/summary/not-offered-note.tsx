/**
 * Why score kinds are absent from a job's results (DESIGN §8): the run was computed with its issuer's offer, and
 * the kinds the issuer did not offer are not scored, charted, counted or listed. One line per issuer setting that
 * keeps kinds out, naming the issuer and the setting; nothing when every kind was offered.
 */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { SCORE_KIND_LABELS, type TRunOffer } from '@sextant/shared/values';

export function NotOfferedNote({ offer }: { offer: TRunOffer | null | undefined }) {
  const { t } = useTranslation('insights');
  if (!offer || offer.notOffered.length === 0) return null;
  const settings = [...new Set(offer.notOffered.map((n) => n.setting))];
  return (
    <Stack spacing={1} data-testid="not-offered">
      {settings.map((setting) => (
        <Alert key={setting} severity="info" variant="outlined" data-testid={`not-offered-${setting}`}>
          {t('offer.note', {
            issuer: offer.issuerName,
            kinds: offer.notOffered
              .filter((n) => n.setting === setting)
              .map((n) => SCORE_KIND_LABELS[n.kind])
              .join(', '),
            setting: t(`offer.settings.${setting}`),
          })}
        </Alert>
      ))}
    </Stack>
  );
}
