import { describe, expect, it } from 'vitest';
import { takeEvents } from './generation-stream';

describe('takeEvents', () => {
  it('parses complete events and keeps an incomplete one for later', () => {
    const { events, rest } = takeEvents('event: chunk\ndata: {"text":"Ho"}\n\nevent: chunk\r\ndata: {"te');
    expect(events).toEqual([{ event: 'chunk', data: '{"text":"Ho"}' }]);
    expect(rest).toBe('event: chunk\ndata: {"te');
    expect(takeEvents(`${rest}xt":"la"}\n\nevent: done\ndata: {}\n\n`).events).toEqual([
      { event: 'chunk', data: '{"text":"la"}' },
      { event: 'done', data: '{}' },
    ]);
  });
});
