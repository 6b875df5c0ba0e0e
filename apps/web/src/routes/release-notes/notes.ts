/** Release notes, kept as data (newest first). */
export interface TReleaseNote {
  version: string;
  date: string;
  title: string;
  items: string[];
}

export const RELEASE_NOTES: TReleaseNote[] = [
  {
    version: '0.2.0',
    date: '2026-11-22',
    title: 'Application shell',
    items: [
      'New navigation bar that can be pinned, collapsed or opened as a drawer on phones.',
      'Five branded themes, each with a printable variant; the theme follows your organisation’s branding.',
      'Maintenance and read-only modes, automatic sign-out after inactivity across all your tabs, and a notice when a new version is published.',
      'Detailed error notifications with a copyable report for support.',
    ],
  },
  {
    version: '0.1.0',
    date: '2026-11-21',
    title: 'Sign-in',
    items: [
      'Sign in with a password, with a one-time link sent by email, or with your organisation’s single sign-on.',
      'Sign-in pages follow the branding of the address you use.',
    ],
  },
];
