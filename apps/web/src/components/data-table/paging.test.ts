import { describe, expect, it } from 'vitest';
import { filterItemsFor, initialTableState, nextSort, toPagingRequest } from './paging.ts';

const scheme = {
  kind: 'multiselect' as const,
  options: ['Mastercard', 'Visa', 'Unknown'].map((v) => ({ value: v, label: v })),
};

describe('column filters → paging request', () => {
  it('multiselect: one value is Equal, several become NotEqual for the rest, none or all is no filter', () => {
    expect(filterItemsFor('scheme', scheme, { kind: 'multiselect', values: ['Visa'] })).toEqual([
      { propertyName: 'scheme', itemComparisonOperator: 'Equal', itemValue: 'Visa' },
    ]);
    expect(filterItemsFor('scheme', scheme, { kind: 'multiselect', values: ['Visa', 'Mastercard'] })).toEqual([
      { propertyName: 'scheme', itemComparisonOperator: 'NotEqual', itemValue: 'Unknown' },
    ]);
    expect(filterItemsFor('scheme', scheme, { kind: 'multiselect', values: [] })).toEqual([]);
    expect(
      filterItemsFor('scheme', scheme, { kind: 'multiselect', values: ['Visa', 'Mastercard', 'Unknown'] }),
    ).toEqual([]);
  });
  it('boolean, number, date and text', () => {
    expect(filterItemsFor('approved', { kind: 'boolean' }, { kind: 'boolean', value: false })).toEqual([
      { propertyName: 'approved', itemComparisonOperator: 'Equal', itemValue: false },
    ]);
    expect(filterItemsFor('approved', { kind: 'boolean' }, { kind: 'boolean', value: null })).toEqual([]);
    expect(filterItemsFor('jobsCount', { kind: 'number' }, { kind: 'number', min: 2, max: 5 })).toEqual([
      { propertyName: 'jobsCount', itemComparisonOperator: 'GreaterThanOrEqual', itemValue: 2 },
      { propertyName: 'jobsCount', itemComparisonOperator: 'LessThanOrEqual', itemValue: 5 },
    ]);
    expect(filterItemsFor('createdOn', { kind: 'date' }, { kind: 'date', from: '2026-01-01', to: null })).toEqual([
      { propertyName: 'createdOn', itemComparisonOperator: 'GreaterThanOrEqual', itemValue: '2026-01-01' },
    ]);
    expect(filterItemsFor('name', { kind: 'text' }, { kind: 'text', value: '  acme ' })).toEqual([
      { propertyName: 'name', itemComparisonOperator: 'Contains', itemValue: 'acme' },
    ]);
    expect(filterItemsFor('name', { kind: 'text' }, { kind: 'text', value: '   ' })).toEqual([]);
  });
  it('unavailable columns never filter', () => {
    expect(filterItemsFor('x', { kind: 'unavailable' }, { kind: 'text', value: 'a' })).toEqual([]);
  });
  it('builds the full request with paging and sorting', () => {
    const state = {
      ...initialTableState({ propertyName: 'username', direction: 'asc' }),
      filters: { name: { kind: 'text' as const, value: 'a' } },
    };
    expect(toPagingRequest(state, [{ field: 'name', filter: { kind: 'text' } }, { field: 'other' }])).toEqual({
      pageNumber: 1,
      pageSize: 25,
      orderBy: { propertyName: 'username', direction: 'asc' },
      filters: { filterItems: [{ propertyName: 'name', itemComparisonOperator: 'Contains', itemValue: 'a' }] },
    });
  });
  it('toggles sort direction', () => {
    expect(nextSort(undefined, 'a')).toEqual({ propertyName: 'a', direction: 'asc' });
    expect(nextSort({ propertyName: 'a', direction: 'asc' }, 'a')).toEqual({ propertyName: 'a', direction: 'desc' });
    expect(nextSort({ propertyName: 'a', direction: 'desc' }, 'b')).toEqual({ propertyName: 'b', direction: 'asc' });
  });
});
