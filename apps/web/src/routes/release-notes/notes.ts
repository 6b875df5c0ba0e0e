/**
 * Release notes, kept as data (newest first): the version, its date and the keys of its texts; the texts themselves
 * are in the `release-notes` namespace of every language (`notes.<id>.title`, `notes.<id>.items.<item>`), so the notes
 * read in the user's language and administrators can override them like any other text.
 */
export interface TReleaseNote {
  id: string;
  version: string;
  date: string;
  items: string[];
}

export const RELEASE_NOTES: TReleaseNote[] = [
  { id: 'v0_6', version: '0.6.0', date: '2026-11-28', items: ['i1', 'i2', 'i3'] },
  { id: 'v0_5', version: '0.5.0', date: '2026-11-27', items: ['i1', 'i2', 'i3', 'i4'] },
  { id: 'v0_4', version: '0.4.0', date: '2026-11-25', items: ['i1', 'i2'] },
  { id: 'v0_3', version: '0.3.0', date: '2026-11-23', items: ['i1', 'i2'] },
  { id: 'v0_2', version: '0.2.0', date: '2026-11-22', items: ['i1', 'i2', 'i3', 'i4'] },
  { id: 'v0_1', version: '0.1.0', date: '2026-11-21', items: ['i1', 'i2'] },
];
