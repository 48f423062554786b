import { expect } from 'vitest';

type Get = (url: string) => Promise<{ statusCode: number; json(): unknown }>;
interface KeyedAnswer {
  items: Record<string, unknown>[];
  page: number;
  next: string | null;
  prev: string | null;
}

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

async function read(get: Get, url: string): Promise<KeyedAnswer> {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  return res.json() as KeyedAnswer;
}

/**
 * The ids of every page of a keyed list read three ways: by page number, forward by each page's `next` key, and
 * back from the last page by each page's `prev` key. All three must agree for the pager to go both ways.
 */
export async function pagesThreeWays(get: Get, url: string, pageSize: number, idField = 'id') {
  const ids = (answer: KeyedAnswer) => answer.items.map((item) => item[idField] as number);
  const forward: number[][] = [];
  let answer = await read(get, withQuery(url, `pageSize=${pageSize}`));
  forward.push(ids(answer));
  while (answer.next !== null) {
    const page: number = answer.page + 1;
    answer = await read(get, withQuery(url, `pageSize=${pageSize}&page=${page}&after=${answer.next}`));
    forward.push(ids(answer));
  }
  const backward: number[][] = [ids(answer)];
  while (answer.prev !== null) {
    const page: number = answer.page - 1;
    answer = await read(get, withQuery(url, `pageSize=${pageSize}&page=${page}&before=${answer.prev}`));
    backward.unshift(ids(answer));
  }
  expect(answer.page).toBe(1);
  const byNumber: number[][] = [];
  for (let page = 1; page <= forward.length; page += 1) {
    byNumber.push(ids(await read(get, withQuery(url, `pageSize=${pageSize}&page=${page}`))));
  }
  return { forward, backward, byNumber };
}

/** The ids a list should show, cut into its pages. */
export const chunks = (ids: number[], size: number) =>
  Array.from({ length: Math.ceil(ids.length / size) }, (_, k) => ids.slice(k * size, (k + 1) * size));

/** Reading the list three ways (see `pagesThreeWays`) shows `ids`, in pages of `pageSize`, every time. */
export async function expectKeyedPages(
  get: Get,
  url: string,
  pageSize: number,
  ids: number[],
  idField = 'id',
) {
  const walked = await pagesThreeWays(get, url, pageSize, idField);
  const expected = chunks(ids, pageSize);
  expect(walked.forward, url).toEqual(expected);
  expect(walked.backward, url).toEqual(expected);
  expect(walked.byNumber, url).toEqual(expected);
}

/** Keys the server never gave out: each must be a Spanish 400, never a 500 or a page. */
export const TAMPERED_KEYS = [
  'abc',
  '!!!',
  'x'.repeat(201),
  Buffer.from('["2024-01-01"]').toString('base64url'),
  Buffer.from('["2024-01-01", 1.5]').toString('base64url'),
  Buffer.from('[1, 2]').toString('base64url'),
  Buffer.from('{"a":1}').toString('base64url'),
];
