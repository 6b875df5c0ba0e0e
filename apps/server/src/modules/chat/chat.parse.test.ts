/** Reading a document page by page: what the indexing progress ("Read page N of M") is made of. */
import { describe, expect, it } from 'vitest';
import { makePdf } from '../../../test/chat-fixtures.ts';
import { extractPages } from './chat.parse.ts';

describe('extractPages', () => {
  it('reports every page of a PDF as it is read, in order, out of the page count', async () => {
    const pdf = await makePdf(Array.from({ length: 12 }, (_, i) => `Page ${i + 1}: pallets are counted every day.`));
    const heard: [number, number][] = [];
    const pages = await extractPages('pdf', pdf, (done, total) => heard.push([done, total]));
    expect(pages).toHaveLength(12);
    expect(heard.map(([, total]) => total)).toEqual(Array(heard.length).fill(12));
    expect(heard.map(([done]) => done)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(pages[11]!.text).toContain('Page 12');
  });

  it('reports a text file as read at once', async () => {
    const heard: [number, number][] = [];
    const pages = await extractPages('txt', Buffer.from('Loading bay doors close at nine.'), (d, t) =>
      heard.push([d, t]),
    );
    expect(heard).toEqual([[pages.length, pages.length]]);
  });
});
