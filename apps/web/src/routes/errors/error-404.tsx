import { ERROR_PAGES, ErrorPanel } from './error-pages.tsx';

export function Component() {
  return <ErrorPanel page={ERROR_PAGES['404']} />;
}
