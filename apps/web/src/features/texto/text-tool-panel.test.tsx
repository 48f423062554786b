import { GENERATION_STREAM_TYPE } from '@app/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withProviders } from '@/lib/test-utils';
import { TextToolPanel } from './text-tool-panel';

const slow = { timeout: 10_000 };

/** The generation answers a first piece, then the server's error event: a stream cut by the provider. */
function serveCutStream() {
  const body = [
    'event: chunk\ndata: {"text":"Hola, qué "}\n\n',
    'event: error\ndata: {"error":"Error en el servidor de IA (compatible con OpenAI)"}\n\n',
  ].join('');
  vi.stubGlobal('fetch', () =>
    Promise.resolve(new Response(body, { headers: { 'content-type': GENERATION_STREAM_TYPE } })),
  );
}

// Mantine's autosize textarea listens for web fonts, which jsdom does not have.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a text tool after a cut stream', () => {
  it('marks the fragment as incomplete and labels «Copiar»', async () => {
    serveCutStream();
    render(<TextToolPanel tool="ortografia" />, { wrapper: withProviders() });
    fireEvent.change(screen.getByLabelText('Texto Original'), { target: { value: 'ola ke ase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Corregir Texto' }));
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(
      'Error en el servidor de IA (compatible con OpenAI)',
    );
    expect(screen.getByText(/Texto incompleto/)).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Texto Corregido/ }).value).toBe(
      'Hola, qué ',
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Copiar texto incompleto' }).disabled).toBe(
      false,
    );
    expect(screen.queryByRole('button', { name: 'Copiar' })).toBeNull();
  });
});
