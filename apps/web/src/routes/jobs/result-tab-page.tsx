/** Result tabs (summary, insights, suppliers, use cases, reports, presentation, campaigns, business case): built by the next issue. */
import { Component as NotAvailable } from '../not-available/not-available-page.tsx';
import { JobLayout } from './job-layout.tsx';

export function Component() {
  return <JobLayout>{() => <NotAvailable />}</JobLayout>;
}
