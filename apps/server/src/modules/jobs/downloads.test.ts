import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvBody } from './downloads.ts';

describe('CSV download body', () => {
  it('streams the rows with a header, formula cells neutralised', async () => {
    async function* rows() {
      yield ['Acme Ltd', 12.5, true];
      yield ['=HYPERLINK("x")', null, false];
    }
    const csv = await text(csvBody(rows(), ['Name', 'Spend', 'Matched']));
    expect(csv.trim().split('\n')).toEqual(['Name,Spend,Matched', 'Acme Ltd,12.5,true', `"'=HYPERLINK(""x"")",,false`]);
  });

  it('ends with the error when the read fails, instead of leaving the response open', async () => {
    async function* rows() {
      yield ['Acme Ltd'];
      throw new Error('the result file cannot be read');
    }
    await expect(text(csvBody(rows(), ['Name']))).rejects.toThrow('the result file cannot be read');
  });

  it('stops the read when the client goes away: the rows’ cleanup runs', async () => {
    let closed = false;
    async function* rows() {
      try {
        for (let i = 0; ; i++) yield [`Supplier ${i}`];
      } finally {
        closed = true;
      }
    }
    const body = csvBody(rows(), ['Name']);
    await new Promise((resolve) => body.once('data', resolve));
    body.destroy();
    await expect.poll(() => closed, { timeout: 2000 }).toBe(true);
  });
});
