import { REDGRAM_MESSAGES } from '@app/contracts';
import { toast } from './toast';

/** Copies to the clipboard and says so (or that it failed) in RedGram's toast. */
export async function copyText(text: string, done: string = REDGRAM_MESSAGES.copied): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast(done);
  } catch {
    toast(REDGRAM_MESSAGES.copyFailed, 'error');
  }
}
