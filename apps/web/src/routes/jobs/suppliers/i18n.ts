/** The "suppliers" namespace (suppliers, supplier page, use cases, Use Cases Report), registered in app/i18n.ts. */
export const NS = 'suppliers';
