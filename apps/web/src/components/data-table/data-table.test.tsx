// @vitest-environment jsdom
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPagedResult, TPagingRequest } from '@sextant/shared/values';
import { renderWithApp } from '../../test/render.tsx';
import { DataTable, sortRows, type TDataColumn } from './data-table.tsx';

interface TFruit {
  id: string;
  name: string;
  price: number | null;
}

const FRUITS: TFruit[] = [
  { id: 'a', name: 'banana', price: 3 },
  { id: 'b', name: 'Apple', price: 10 },
  { id: 'c', name: 'cherry', price: null },
  { id: 'd', name: 'date', price: 2 },
];

const columns: TDataColumn<TFruit>[] = [
  { field: 'name', header: 'Name', sortable: true },
  { field: 'price', header: 'Price', sortable: true, align: 'right' },
  { id: 'label', header: 'Label', render: (r) => `${r.name}:${r.price ?? '-'}` },
];

/** The texts of the first column of the body rows, top to bottom. */
const firstColumn = () =>
  within(screen.getByTestId('data-table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

const pagedResult = <T,>(collection: T[], totalCount: number, page: number, size: number): TPagedResult<T> => {
  const totalPages = Math.max(1, Math.ceil(totalCount / size));
  return {
    collection,
    currentPage: page,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
    pageSize: size,
    totalCount,
    totalPages,
  };
};

describe('sortRows', () => {
  it('sorts by the field, numbers as numbers, text case-insensitively, empty values last both ways', () => {
    const by = (propertyName: string, direction: 'asc' | 'desc') =>
      sortRows(FRUITS, columns, { propertyName, direction }).map((r) => r.id);
    expect(by('name', 'asc')).toEqual(['b', 'a', 'c', 'd']);
    expect(by('name', 'desc')).toEqual(['d', 'c', 'a', 'b']);
    expect(by('price', 'asc')).toEqual(['d', 'a', 'b', 'c']);
    expect(by('price', 'desc')).toEqual(['b', 'a', 'd', 'c']);
  });
  it('keeps the order for no or an unknown column', () => {
    expect(sortRows(FRUITS, columns, undefined).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(sortRows(FRUITS, columns, { propertyName: 'x', direction: 'asc' }).map((r) => r.id)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });
});

describe('DataTable with rows in memory', () => {
  it('shows the headers and every row (no pager without a page size), rendered cells included', () => {
    renderWithApp(
      <DataTable rows={FRUITS} columns={columns} rowKey={(r) => r.id} rowTestId={(r) => `fruit-${r.id}`} />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Price', 'Label']);
    expect(firstColumn()).toEqual(['banana', 'Apple', 'cherry', 'date']);
    expect(within(screen.getByTestId('fruit-c')).getByText('cherry:-')).toBeTruthy();
    expect(screen.queryByText('Rows:')).toBeNull();
  });

  it('sorts when a header is clicked: ascending, then descending', async () => {
    const user = userEvent.setup();
    renderWithApp(<DataTable rows={FRUITS} columns={columns} rowKey={(r) => r.id} />);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(firstColumn()).toEqual(['Apple', 'banana', 'cherry', 'date']);
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(firstColumn()).toEqual(['date', 'cherry', 'banana', 'Apple']);
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    await user.click(screen.getByRole('button', { name: 'Price' }));
    expect(firstColumn()).toEqual(['date', 'banana', 'Apple', 'cherry']);
  });

  it('starts sorted by the default sort; a column without sortable has no sort button', () => {
    renderWithApp(
      <DataTable
        rows={FRUITS}
        columns={columns}
        rowKey={(r) => r.id}
        defaultSort={{ propertyName: 'price', direction: 'desc' }}
      />,
    );
    expect(firstColumn()).toEqual(['Apple', 'banana', 'date', 'cherry']);
    expect(screen.queryByRole('button', { name: 'Label' })).toBeNull();
  });

  it('pages with a page size: "Rows:", the range and the next/previous buttons', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, i) => ({ id: String(i), name: `f${i + 1}`, price: i }));
    renderWithApp(<DataTable rows={many} columns={columns} rowKey={(r) => r.id} pageSize={10} />);
    expect(screen.getByText('Rows:')).toBeTruthy();
    expect(screen.getByText('1–10 of 12')).toBeTruthy();
    expect(firstColumn()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(screen.getByText('11–12 of 12')).toBeTruthy();
    expect(firstColumn()).toEqual(['f11', 'f12']);
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(firstColumn()[0]).toBe('f1');
  });

  it('sorting goes back to the first page', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, i) => ({ id: String(i), name: `f${i + 1}`, price: i }));
    renderWithApp(<DataTable rows={many} columns={columns} rowKey={(r) => r.id} pageSize={10} />);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await user.click(screen.getByRole('button', { name: 'Price' }));
    expect(screen.getByText('1–10 of 12')).toBeTruthy();
  });

  it('shows the empty text when there are no rows, the default one without emptyText', () => {
    const { unmount } = renderWithApp(
      <DataTable rows={[]} columns={columns} rowKey={(r) => r.id} emptyText="Nothing here yet" />,
    );
    expect(screen.getByTestId('data-table-empty').textContent).toBe('Nothing here yet');
    unmount();
    renderWithApp(<DataTable rows={[]} columns={columns} rowKey={(r) => r.id} />);
    expect(screen.getByTestId('data-table-empty').textContent).toBe('No rows to show.');
  });

  it('while loading shows neither rows nor the empty text; a failed load says so', () => {
    const { unmount } = renderWithApp(<DataTable rows={undefined} loading columns={columns} rowKey={(r) => r.id} />);
    expect(screen.queryByTestId('data-table-empty')).toBeNull();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    unmount();
    renderWithApp(<DataTable rows={undefined} error columns={columns} rowKey={(r) => r.id} />);
    expect(screen.getByText('The list could not be loaded.')).toBeTruthy();
  });

  it('calls onRowClick with the clicked row', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    renderWithApp(<DataTable rows={FRUITS} columns={columns} rowKey={(r) => r.id} onRowClick={onRowClick} />);
    await user.click(screen.getByText('cherry'));
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect(onRowClick).toHaveBeenCalledWith(FRUITS[2]);
  });

  it('rowHref: the first cell is a link to the row page and a click on the row opens it', async () => {
    const user = userEvent.setup();
    renderWithApp(<DataTable rows={FRUITS} columns={columns} rowKey={(r) => r.id} rowHref={(r) => `/fruit/${r.id}`} />);
    const links = screen.getAllByTestId('row-link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/fruit/a', '/fruit/b', '/fruit/c', '/fruit/d']);
    await user.click(screen.getByText('date:2'));
    expect(screen.getByTestId('navigated').textContent).toBe('/fruit/d');
  });

  it('puts data attributes on rows and cells, draws selected rows and a checkbox column', () => {
    renderWithApp(
      <DataTable
        rows={FRUITS}
        rowKey={(r) => r.id}
        rowTestId={(r) => `fruit-${r.id}`}
        rowAttributes={(r) => ({ 'data-price': r.price ?? undefined })}
        rowSelected={(r) => r.id === 'b'}
        hover
        columns={[
          {
            id: 'pick',
            header: 'Pick',
            padding: 'checkbox',
            render: (r) => <input type="checkbox" aria-label={r.name} />,
          },
          {
            field: 'name',
            header: 'Name',
            cellAttributes: (r) => ({ 'data-testid': `name-${r.id}`, 'data-len': r.name.length }),
          },
        ]}
      />,
    );
    expect(screen.getByTestId('fruit-a').getAttribute('data-price')).toBe('3');
    expect(screen.getByTestId('fruit-c').hasAttribute('data-price')).toBe(false);
    expect(screen.getByTestId('fruit-b').className).toContain('Mui-selected');
    expect(screen.getByTestId('fruit-a').className).not.toContain('Mui-selected');
    expect(screen.getByTestId('fruit-a').className).toContain('MuiTableRow-hover');
    expect(screen.getByTestId('name-d').textContent).toBe('date');
    expect(screen.getByTestId('name-d').getAttribute('data-len')).toBe('4');
    expect(screen.getByRole('columnheader', { name: 'Pick' }).className).toContain('MuiTableCell-paddingCheckbox');
    expect(screen.getByRole('checkbox', { name: 'cherry' }).closest('td')!.className).toContain(
      'MuiTableCell-paddingCheckbox',
    );
  });
});

describe('DataTable cells', () => {
  it('headless: no header row, only the body', () => {
    renderWithApp(<DataTable rows={FRUITS} columns={columns} rowKey={(r) => r.id} headless />);
    expect(screen.queryAllByRole('columnheader')).toHaveLength(0);
    expect(within(screen.getByTestId('data-table')).getAllByRole('row')).toHaveLength(4);
  });

  it('render receives the row index (a rank column); rowSpan groups rows under one cell', () => {
    const rows = [
      { group: 'fruit', name: 'apple', first: true, size: 2 },
      { group: 'fruit', name: 'pear', first: false, size: 2 },
      { group: 'nut', name: 'almond', first: true, size: 1 },
    ];
    renderWithApp(
      <DataTable
        rows={rows}
        rowKey={(r) => r.name}
        columns={[
          { id: 'rank', header: '#', render: (_, i) => i + 1 },
          { field: 'group', header: 'Group', rowSpan: (r) => (r.first ? r.size : 0) },
          { field: 'name', header: 'Name' },
        ]}
      />,
    );
    const body = within(screen.getByTestId('data-table')).getAllByRole('row').slice(1);
    expect(
      body.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1', 'fruit', 'apple'],
      ['2', 'pear'],
      ['3', 'nut', 'almond'],
    ]);
    expect(within(body[0]!).getByText('fruit').getAttribute('rowspan')).toBe('2');
  });
});

describe('DataTable sorted elsewhere', () => {
  it('presorted rows keep their order; the header shows the sort and asks for the next one', async () => {
    const user = userEvent.setup();
    const onStateChange = vi.fn();
    renderWithApp(
      <DataTable
        rows={FRUITS}
        presorted
        rowKey={(r) => r.id}
        state={{ pageNumber: 1, pageSize: 25, filters: {}, orderBy: { propertyName: 'price', direction: 'desc' } }}
        onStateChange={onStateChange}
        columns={[
          { field: 'name', header: 'Name', sortable: true, sortLabelAttributes: { 'data-testid': 'sort-name' } },
          { field: 'price', header: 'Price', sortable: true },
        ]}
      />,
    );
    expect(firstColumn()).toEqual(['banana', 'Apple', 'cherry', 'date']);
    expect(screen.getByRole('columnheader', { name: /Price/ }).getAttribute('aria-sort')).toBe('descending');
    await user.click(screen.getByTestId('sort-name'));
    expect(onStateChange).toHaveBeenCalledWith(
      expect.objectContaining({ orderBy: { propertyName: 'name', direction: 'asc' }, pageNumber: 1 }),
    );
  });
});

describe('DataTable row details', () => {
  function Expandable() {
    const [open, setOpen] = useState<string | null>(null);
    return (
      <DataTable
        rows={FRUITS}
        columns={columns}
        rowKey={(r) => r.id}
        onRowClick={(r) => setOpen(open === r.id ? null : r.id)}
        rowDetail={(r) => open === r.id && <span>details of {r.name}</span>}
      />
    );
  }

  it('opens a full-width row under the clicked row and closes it on a second click', async () => {
    const user = userEvent.setup();
    renderWithApp(<Expandable />);
    expect(screen.queryByTestId('data-table-detail')).toBeNull();
    await user.click(screen.getByText('cherry'));
    const detail = screen.getByTestId('data-table-detail');
    expect(detail.textContent).toBe('details of cherry');
    expect(detail.querySelector('td')!.getAttribute('colspan')).toBe('3');
    // The detail row sits right under its row.
    expect(detail.previousElementSibling!.textContent).toContain('cherry:-');
    await user.click(screen.getByText('cherry'));
    expect(screen.queryByTestId('data-table-detail')).toBeNull();
  });
});

describe('DataTable with server pages', () => {
  it('asks the server for the page, sort and size of the table state and shows its rows and total', async () => {
    const user = userEvent.setup();
    const requests: TPagingRequest[] = [];
    const fetchPage = vi.fn(async (req: TPagingRequest) => {
      requests.push(req);
      const orderBy = req.orderBy && {
        propertyName: req.orderBy.propertyName,
        direction: req.orderBy.direction ?? 'asc',
      };
      const sorted = sortRows(FRUITS, columns, orderBy);
      const page = req.pageNumber ?? 1;
      const size = req.pageSize ?? 10;
      return pagedResult(sorted.slice((page - 1) * size, page * size), FRUITS.length, page, size);
    });
    renderWithApp(
      <DataTable queryKey={['fruits']} fetchPage={fetchPage} columns={columns} rowKey={(r) => r.id} pageSize={10} />,
    );
    await waitFor(() => expect(firstColumn()).toEqual(['banana', 'Apple', 'cherry', 'date']));
    expect(screen.getByText('1–4 of 4')).toBeTruthy();
    expect(requests[0]).toMatchObject({ pageNumber: 1, pageSize: 10 });
    await user.click(screen.getByRole('button', { name: 'Price' }));
    await waitFor(() => expect(firstColumn()).toEqual(['date', 'banana', 'Apple', 'cherry']));
    expect(requests.at(-1)).toMatchObject({ pageNumber: 1, orderBy: { propertyName: 'price', direction: 'asc' } });
  });

  it('shows the empty text for an empty page', async () => {
    renderWithApp(
      <DataTable
        queryKey={['none']}
        fetchPage={async () => pagedResult<TFruit>([], 0, 1, 10)}
        columns={columns}
        rowKey={(r) => r.id}
        emptyText="No fruit"
      />,
    );
    expect((await screen.findByTestId('data-table-empty')).textContent).toBe('No fruit');
  });
});
