import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, withProviders } from '@/lib/test-utils';
import { AiUsageSection } from './ai-usage-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Estadísticas: AI usage', () => {
  it('shows the tokens per day, tool and connection, newest first, and each tool against its cap', async () => {
    const requests = fakeServer(({ path }) =>
      path === '/api/stats/ai-usage'
        ? {
            body: {
              from: '2026-10-31',
              to: '2026-11-29',
              rows: [
                {
                  day: '2026-11-27',
                  tool: 'texto',
                  connection_id: '1',
                  connection_name: 'Ollama',
                  prompt_tokens: 1200,
                  completion_tokens: 340,
                  generations: 3,
                },
                {
                  day: '2026-11-28',
                  tool: 'redgram',
                  connection_id: 'env:openrouter',
                  connection_name: 'OpenRouter',
                  prompt_tokens: 80,
                  completion_tokens: 45,
                  generations: 1,
                },
              ],
              month: [
                { tool: 'texto', tokens: 1540, monthly_token_cap: 10000 },
                { tool: 'redgram', tokens: 125, monthly_token_cap: null },
              ],
            },
          }
        : { status: 404, body: { error: 'No encontrado' } },
    );
    render(<AiUsageSection range="90" />, { wrapper: withProviders() });
    const table = await screen.findByRole('table', { name: 'Tokens de IA por día, herramienta y conexión' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('RedGramOpenRouter80451'),
      expect.stringContaining('TextoOllama12003403'),
    ]);
    expect(screen.getByText('Texto: 1540 tokens este mes, de un límite de 10.000')).toBeTruthy();
    expect(screen.getByText('RedGram: 125 tokens este mes (sin límite)')).toBeTruthy();
    expect(requests[0]?.query.get('range')).toBe('90');
  });

  it('says when there was no AI use in the period', async () => {
    fakeServer(() => ({ body: { from: '2026-11-01', to: '2026-11-29', rows: [], month: [] } }));
    render(<AiUsageSection range="30" />, { wrapper: withProviders() });
    expect(await screen.findByText('Aún no hay uso de IA en este periodo.')).toBeTruthy();
  });
});
