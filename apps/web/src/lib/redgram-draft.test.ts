import { describe, expect, it } from 'vitest';
import { readRedgramDraft, redgramDraftState, videoPostText } from './redgram-draft';

describe('videoPostText', () => {
  it('joins title, description and link, leaving out the placeholders and repeats', () => {
    expect(videoPostText({ title: 'Receta', description: 'Pan en casa', link: 'https://youtu.be/x' })).toBe(
      'Receta\n\nPan en casa\n\nhttps://youtu.be/x',
    );
    expect(videoPostText({ title: 'Sin título', description: 'Sin descripción', link: null })).toBe('');
    expect(videoPostText({ title: 'Hola', description: 'Hola', link: null })).toBe('Hola');
  });
});

describe('readRedgramDraft', () => {
  it('reads only a well-formed draft', () => {
    expect(readRedgramDraft(redgramDraftState({ mode: 'reescribir', text: 'x' }))).toEqual({
      mode: 'reescribir',
      text: 'x',
    });
    expect(readRedgramDraft(null)).toBeNull();
    expect(readRedgramDraft({ redgramDraft: { mode: 'otro', text: 'x' } })).toBeNull();
  });
});
