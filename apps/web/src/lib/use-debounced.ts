/** Debounced values for search boxes: the list asks the server once the user stops typing, not on each key. */
import { useEffect, useRef, useState } from 'react';

/** `value`, once it has stayed the same for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/**
 * A paged list's search box: its text, and — `ms` after the last key — the list's params get the text as `search`
 * (none when empty) and go back to page 1. Returns the box's text and its setter.
 */
export function useSearchParam<P extends { pageNumber?: number; search?: string }>(
  setParams: (f: (p: P) => P) => void,
  ms = 300,
): [string, (text: string) => void] {
  const [text, setText] = useState('');
  const debounced = useDebounced(text, ms);
  const set = useRef(setParams);
  set.current = setParams;
  useEffect(() => {
    set.current((p) => ((p.search ?? '') === debounced ? p : { ...p, pageNumber: 1, search: debounced || undefined }));
  }, [debounced]);
  return [text, setText];
}
