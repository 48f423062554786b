import type { VariantPiece } from '../lib/generation';
import { AiError } from './ai-error';

const OPEN = '<think>';
const CLOSE = '</think>';

/** How many characters at the end of `text` could begin `tag` (a tag split between two pieces). */
function partialTagLength(text: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length--) {
    if (tag.startsWith(text.slice(-length))) return length;
  }
  return 0;
}

/**
 * Removes a reasoning model's `<think>…</think>` from one answer as its pieces arrive: a tag split across pieces
 * is held back until the next piece tells what it is, and the blank lines after a removed block are dropped.
 */
export function createThinkingFilter() {
  let inside = false;
  let held = '';
  let removed = false;
  let wrote = false;

  const leading = (text: string) => {
    const out = !wrote && removed ? text.replace(/^\s+/, '') : text;
    if (out !== '') wrote = true;
    return out;
  };

  return {
    push(piece: string): string {
      let input = held + piece;
      held = '';
      let out = '';
      while (input !== '') {
        const tag = inside ? CLOSE : OPEN;
        const at = input.indexOf(tag);
        if (at >= 0) {
          if (!inside) out += input.slice(0, at);
          input = input.slice(at + tag.length);
          inside = !inside;
          removed = true;
          continue;
        }
        const keep = partialTagLength(input, tag);
        if (!inside) out += input.slice(0, input.length - keep);
        held = input.slice(input.length - keep);
        input = '';
      }
      return leading(out);
    },
    /** What was held back at the end (never the inside of an unclosed block). */
    end(): string {
      const rest = inside ? '' : held;
      held = '';
      return leading(rest);
    },
    /** Whether the answer was only reasoning: nothing is left for the member. */
    get onlyReasoning(): boolean {
      return removed && !wrote;
    },
  };
}

/** An answer's pieces without reasoning; an answer that was only reasoning has no text. */
export async function* withoutThinking<T extends string | VariantPiece>(
  pieces: AsyncIterable<T>,
): AsyncGenerator<T> {
  const filters = new Map<number, ReturnType<typeof createThinkingFilter>>();
  const filterOf = (variant: number) => {
    let filter = filters.get(variant);
    if (!filter) {
      filter = createThinkingFilter();
      filters.set(variant, filter);
    }
    return filter;
  };
  const wrap = (variant: number, text: string, like: T) =>
    (typeof like === 'string' ? text : { variant, text }) as T;
  let last: T | undefined;
  for await (const piece of pieces) {
    last = piece;
    const variant = typeof piece === 'string' ? 0 : piece.variant;
    const text = filterOf(variant).push(typeof piece === 'string' ? piece : piece.text);
    if (text !== '') yield wrap(variant, text, piece);
  }
  if (last === undefined) return;
  for (const [variant, filter] of filters) {
    const rest = filter.end();
    if (rest !== '') yield wrap(variant, rest, last);
    if (filter.onlyReasoning) throw new AiError('no-text');
  }
}
