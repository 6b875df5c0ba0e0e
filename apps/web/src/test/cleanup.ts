/**
 * Unmounts what a jsdom component test rendered, after each test of every test file. Testing Library registers this
 * itself when first imported, but Vitest runs many files in one process (`isolate: false`), so its module, and the
 * registration, would only reach the first jsdom file; later files' renders would pile up in one document.
 */
import { afterEach } from 'vitest';

if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
