/**
 * Resolves in a task of its own, after what is queued: a long piece of work split at these points lets the browser
 * paint and answer input in between.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
