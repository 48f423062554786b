import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from './query-client';

/** One request as the fake server sees it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** What a route of the fake server answers: a status and a JSON body, possibly later (a Promise). */
export interface FakeAnswer {
  status?: number;
  body: unknown;
}

const json = ({ status = 200, body }: FakeAnswer) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Replaces `fetch` with an in-memory server: `answer` gets every request the app makes (through the real `api()`
 * client, ky and the contracts) and returns its answer. Returns the requests seen, in order.
 */
export function fakeServer(
  answer: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>,
): FakeRequest[] {
  const seen: FakeRequest[] = [];
  vi.stubGlobal('fetch', async (input: Request | string | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://app.test'), init);
    const url = new URL(request.url, 'http://app.test');
    const text = await request.text();
    const entry = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    seen.push(entry);
    return json(await answer(entry));
  });
  return seen;
}

/** The app's providers (a fresh query cache each time) around a screen or hook under test. */
export function withProviders(queryClient: QueryClient = createQueryClient()) {
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <MantineProvider env="test">{children}</MantineProvider>
      </QueryClientProvider>
    );
  };
}
