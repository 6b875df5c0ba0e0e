import { useEffect } from 'react';
import { PRODUCT_CODE_NAME } from '@sextant/shared/values';

/** Sets the tab title: "Page – Sextant", or exactly `exact` when given; the default is the product code name. */
export function useDocumentTitle(title: string | null | undefined, exact?: string | null) {
  useEffect(() => {
    document.title = exact ? exact : title ? `${title} – ${PRODUCT_CODE_NAME}` : PRODUCT_CODE_NAME;
  }, [title, exact]);
}
