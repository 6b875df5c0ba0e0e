import i18n from '../../app/i18n.ts';

/** System modes (SPEC §4): Live and ReadOnly map to live (ReadOnly flagged), Maintenance to maintenance. */
/** The SPEC §2 text (English); the screen shows the translation of `system:maintenance.message`. */
export const MAINTENANCE_MESSAGE =
  'The system is currently offline for essential maintenance. Please check back again later. We apologize for any inconvenience';

export interface TMappedSystemMode {
  state: 'live' | 'maintenance';
  readOnly: boolean;
}

export function mapSystemMode(mode: string): TMappedSystemMode {
  switch (mode) {
    case 'Live':
      return { state: 'live', readOnly: false };
    case 'ReadOnly':
      return { state: 'live', readOnly: true };
    case 'Maintenance':
      return { state: 'maintenance', readOnly: false };
    default:
      throw new Error(i18n.t('system:unknownMode'));
  }
}
