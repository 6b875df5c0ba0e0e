/**
 * MUI's Tabs for a row of tabs that never scrolls (horizontal, variant `standard` or `fullWidth`, primary indicator):
 * the same elements, classes, styles, sliding indicator and arrow-key moves, with MUI's own <Tab> children. Tabs
 * carries its scrolling machinery (scroll buttons and their icons, scrollbar measuring, scroll animation) whatever
 * the variant: 4 KB gzip on the sign-in page, whose two tabs never scroll. Left-to-right only (no app language is
 * written right to left). fixed-tabs.test.tsx compares it with <Tabs>.
 */
import {
  Children,
  cloneElement,
  isValidElement,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { styled } from '@mui/material/styles';

// The slots of MuiTabs, so the theme's MuiTabs style overrides apply here too, with Tabs' styles for a fixed row.
const Root = styled('div', { name: 'MuiTabs', slot: 'Root' })(({ theme }) => ({
  overflow: 'hidden',
  minHeight: 48,
  WebkitOverflowScrolling: 'touch',
  display: 'flex',
  '& .MuiTabs-scrollButtons': { [theme.breakpoints.down('sm')]: { display: 'none' } },
}));
const Scroller = styled('div', { name: 'MuiTabs', slot: 'Scroller' })({
  position: 'relative',
  display: 'inline-block',
  flex: '1 1 auto',
  whiteSpace: 'nowrap',
  overflowX: 'hidden',
  width: '100%',
});
const List = styled('div', { name: 'MuiTabs', slot: 'List' })({ display: 'flex' });
const Indicator = styled('span', { name: 'MuiTabs', slot: 'Indicator' })(({ theme }) => ({
  position: 'absolute',
  height: 2,
  bottom: 0,
  width: '100%',
  transition: theme.transitions.create('all'),
  backgroundColor: theme.palette.primary.main,
}));

type TIndicatorStyle = { left?: number; width?: number };

/** The next (or previous) tab that takes focus, past disabled ones and around the ends, as Tabs moves it. */
function moveFocus(list: HTMLElement, from: Element | null, step: 1 | -1) {
  const tabs = Array.from(list.children) as HTMLElement[];
  const start = from ? tabs.indexOf(from as HTMLElement) : step === 1 ? -1 : tabs.length;
  for (let n = 1; n <= tabs.length; n += 1) {
    const tab = tabs[(((start + step * n) % tabs.length) + tabs.length) % tabs.length]!;
    const disabled = (tab as HTMLButtonElement).disabled || tab.getAttribute('aria-disabled') === 'true';
    if (tab.hasAttribute('tabindex') && !disabled) {
      tab.focus();
      return;
    }
  }
}

export interface TFixedTabsProps<T> {
  value: T | false;
  onChange?: (event: SyntheticEvent, value: T) => void;
  variant?: 'standard' | 'fullWidth';
  'aria-label'?: string;
  'aria-labelledby'?: string;
  children: ReactNode;
}

export function FixedTabs<T>({
  value,
  onChange,
  variant = 'standard',
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  children,
}: TFixedTabsProps<T>) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(false);
  const [indicatorStyle, setIndicatorStyle] = useState<TIndicatorStyle>({});
  const indicator = <Indicator style={indicatorStyle} className="MuiTabs-indicator" />;

  const values: unknown[] = [];
  const tabs = Children.map(children, (child) => {
    if (!isValidElement<{ value?: unknown; tabIndex?: number }>(child)) return null;
    const index = values.length;
    const childValue = child.props.value === undefined ? index : child.props.value;
    values.push(childValue);
    const selected = childValue === value;
    return cloneElement(child as ReactElement<Record<string, unknown>>, {
      fullWidth: variant === 'fullWidth',
      indicator: selected && !mounted && indicator,
      selected,
      selectionFollowsFocus: undefined,
      onChange,
      textColor: 'primary',
      value: childValue,
      ...(index === 0 && value === false && !child.props.tabIndex ? { tabIndex: 0 } : {}),
    });
  });
  const selectedIndex = values.indexOf(value);

  // The indicator under the selected tab, measured after each render and when a tab or the window changes size.
  const measure = useRef(() => {});
  measure.current = () => {
    const scroller = scrollerRef.current;
    const tab = value === false ? null : listRef.current?.children[selectedIndex];
    if (!scroller) return;
    const s = scroller.getBoundingClientRect();
    const t = tab?.getBoundingClientRect();
    const next = { left: t ? t.left - s.left + scroller.scrollLeft : 0, width: t ? t.width : 0 };
    setIndicatorStyle((prev) =>
      typeof prev.left === 'number' &&
      typeof prev.width === 'number' &&
      Math.abs(prev.left - next.left) < 1 &&
      Math.abs(prev.width - next.width) < 1
        ? prev
        : next,
    );
  };
  useEffect(() => measure.current());
  useEffect(() => {
    setMounted(true);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(() => measure.current(), 166);
    };
    window.addEventListener('resize', later);
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(later);
    for (const tab of Array.from(listRef.current?.children ?? [])) resize?.observe(tab);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', later);
      resize?.disconnect();
    };
  }, []);

  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.shiftKey || event.ctrlKey || event.metaKey) return;
    const list = listRef.current;
    const focused = list?.ownerDocument.activeElement ?? null;
    if (!list || focused?.getAttribute('role') !== 'tab') return;
    const move = { ArrowLeft: [focused, -1], ArrowRight: [focused, 1], Home: [null, 1], End: [null, -1] } as const;
    const m = move[event.key as keyof typeof move];
    if (!m) return;
    event.preventDefault();
    moveFocus(list, m[0], m[1]);
  };

  return (
    <Root className="MuiTabs-root">
      <Scroller
        ref={scrollerRef}
        style={{ overflow: 'hidden', marginBottom: 0 }}
        className="MuiTabs-scroller MuiTabs-fixed"
      >
        <List
          ref={listRef}
          aria-label={ariaLabel}
          aria-labelledby={ariaLabelledBy}
          role="tablist"
          className="MuiTabs-list MuiTabs-flexContainer"
          onKeyDown={keyDown}
        >
          {tabs}
        </List>
        {mounted && indicator}
      </Scroller>
    </Root>
  );
}
