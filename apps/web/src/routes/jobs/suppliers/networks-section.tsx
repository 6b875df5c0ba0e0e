/**
 * The supplier in every loaded reference network (docs/NETWORKS.md): one row per network with its merchant,
 * confidence and acceptance attributes, and the merged view — accepts anywhere, best capability across networks —
 * each fact naming the network it comes from. Hidden on runs from before several networks.
 */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TSupplierDetail } from '@sextant/shared/values';
import { formatPercent } from '../../../lib/format.ts';
import { ValueChip } from './value-chip.tsx';
import { NS } from './i18n.ts';
import { Field, Section } from './section.tsx';

export function NetworksSection({ d }: { d: TSupplierDetail }) {
  const { t } = useTranslation(NS);
  if (!d.networks.length) return null;
  const yesNo = (v: boolean | null) => (v === null ? '—' : v ? t('yes') : t('no'));
  const merged = d.mergedNetworks;
  const head = (label: string, align?: 'right') => (
    <TableCell sx={{ fontWeight: 700 }} align={align}>
      {label}
    </TableCell>
  );
  return (
    <Section title={t('supplier.networks.title')} testId="supplier-networks">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('supplier.networks.subtitle')}
      </Typography>
      {merged && (
        <Box
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 2, mb: 2 }}
          data-testid="supplier-networks-merged"
        >
          <Field label={t('supplier.networks.acceptsAnywhere')}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }} data-testid="accepts-anywhere">
                {merged.acceptsAnywhere ? t('yes') : t('no')}
              </Typography>
              {merged.acceptsIn.length > 0 && (
                <Typography variant="body2" color="text.secondary" data-testid="accepts-anywhere-source">
                  {t('supplier.networks.source', { networks: merged.acceptsIn.join(', ') })}
                </Typography>
              )}
            </Stack>
          </Field>
          <Field label={t('supplier.networks.bestCapability')}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <ValueChip value={merged.bestCapability} />
              {merged.bestCapabilityNetwork && (
                <Typography variant="body2" color="text.secondary" data-testid="best-capability-source">
                  {t('supplier.networks.source', { networks: merged.bestCapabilityNetwork })}
                </Typography>
              )}
            </Stack>
          </Field>
          <Field label={t('supplier.networks.matchedIn')}>
            {t('supplier.networks.matchedOf', { matched: merged.networksMatched, total: d.networks.length })}
          </Field>
        </Box>
      )}
      <TableContainer>
        <Table size="small" aria-label={t('supplier.networks.title')}>
          <TableHead>
            <TableRow>
              {head(t('supplier.networks.network'))}
              {head(t('supplier.merchantName'))}
              {head(t('supplier.confidence'))}
              {head(t('supplier.networks.score'), 'right')}
              {head(t('supplier.acceptsCard'))}
              {head(t('columns.cardCapability'))}
              {head(t('supplier.lockboxes'))}
            </TableRow>
          </TableHead>
          <TableBody>
            {d.networks.map((n, i) => (
              <TableRow key={n.network} data-testid={`supplier-network-${i}`}>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{n.network}</span>
                    {i === 0 && <Chip size="small" variant="outlined" label={t('supplier.networks.reference')} />}
                  </Stack>
                  <Typography variant="caption" color="text.secondary">
                    {t('supplier.networks.version', { version: n.networkVersion })}
                  </Typography>
                  {n.candidateSearch === 'confirm' && (
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ display: 'block' }}
                      title={t('supplier.networks.confirmSearchHelp')}
                      data-testid={`supplier-network-${i}-search`}
                    >
                      {t('supplier.networks.confirmSearch')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {n.merchantName ?? t('supplier.networks.noMerchant')}
                  {n.merchantId && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {n.matched ? n.merchantId : t('supplier.networks.candidateId', { id: n.merchantId })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{n.confidence ? <ValueChip value={n.confidence} /> : '—'}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {n.matchScore === null ? '—' : formatPercent(n.matchScore * 100)}
                </TableCell>
                <TableCell>{yesNo(n.acceptsCard)}</TableCell>
                <TableCell>{n.cardCapability ? <ValueChip value={n.cardCapability} /> : '—'}</TableCell>
                <TableCell>{n.lockboxes.length ? n.lockboxes.join(', ') : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {t('supplier.networks.scoresNote', { network: d.networks[0]!.network })}
      </Typography>
    </Section>
  );
}
