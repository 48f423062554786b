import type { RedgramMode } from '@app/contracts';

/**
 * What another screen hands to RedGram when it opens it (router state, so a long text stays out of the URL):
 * the mode and the text to put in the input.
 */
export interface RedgramDraft {
  mode: RedgramMode;
  text: string;
}

export const REDGRAM_PATH = '/redgram';

export const redgramDraftState = (draft: RedgramDraft) => ({ redgramDraft: draft });

export function readRedgramDraft(state: unknown): RedgramDraft | null {
  if (typeof state !== 'object' || state === null || !('redgramDraft' in state)) return null;
  const draft = state.redgramDraft;
  if (typeof draft !== 'object' || draft === null) return null;
  const { mode, text } = draft as Record<string, unknown>;
  if ((mode !== 'escribir' && mode !== 'reescribir') || typeof text !== 'string') return null;
  return { mode, text };
}

/** The placeholders the video tools store when a video has no title or caption: not worth a post. */
const EMPTY_VALUES = new Set(['Sin título', 'Sin descripción']);

/** The text RedGram rewrites into a post: the video's title, its description and its link, one per paragraph. */
export function videoPostText(video: { title: string; description: string; link: string | null }): string {
  return [video.title, video.description, video.link]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '' && !EMPTY_VALUES.has(part))
    .filter((part, index, parts) => parts.indexOf(part) === index)
    .join('\n\n');
}
