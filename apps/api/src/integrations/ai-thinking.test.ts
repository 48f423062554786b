import { describe, expect, it } from 'vitest';
import { createThinkingFilter } from './ai-thinking';

/** The filter's output when `text` arrives cut at `cuts`. */
function filtered(text: string, cuts: number[]): string {
  const filter = createThinkingFilter();
  let out = '';
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    out += filter.push(text.slice(from, cut));
    from = cut;
  }
  return out + filter.end();
}

describe("a reasoning model's <think> block", () => {
  const answer = '<think>El usuario quiere un saludo.\nPienso en <b>algo</b>.</think>\n\n¡Hola, mundo! 3 < 4';

  it('is removed wherever the pieces are cut, tags split included', () => {
    for (let first = 0; first <= answer.length; first++) {
      for (let second = first; second <= answer.length; second += 3) {
        expect(filtered(answer, [first, second])).toBe('¡Hola, mundo! 3 < 4');
      }
    }
  });

  it('leaves an answer without reasoning as it was, a lone < included', () => {
    expect(filtered('  Hola <thi no es una etiqueta', [3, 9])).toBe('  Hola <thi no es una etiqueta');
  });

  it('drops an unclosed block to the end, and says nothing was left', () => {
    const filter = createThinkingFilter();
    expect(filter.push('<think>sin cerrar')).toBe('');
    expect(filter.end()).toBe('');
    expect(filter.onlyReasoning).toBe(true);
  });
});
