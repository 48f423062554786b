import { geminiFake } from './gemini';
import { fakeSmtp } from './smtp';
import { fakeCobalt } from './cobalt';
import { fakeInstagram } from './instagram';
import { openAiFake } from './openai';
import { fakeStripe } from './stripe';
import { fakeYouTube } from './youtube';

/**
 * Local stand-ins for the third-party services this app calls (SMTP, Gemini, an OpenAI-compatible
 * server, YouTube, Instagram, cobalt, Stripe).
 * Each one is a real server on a loopback port speaking the service's real wire format; the production code
 * reaches it through the same configurable base URL it uses in production. API tests start the ones they
 * need directly; the end-to-end set-up starts all of them through serve.ts.
 */
export interface StartedFake {
  /** Environment variables that point the app server (and the end-to-end specs) at this fake. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface FakeService {
  name: string;
  start(): Promise<StartedFake>;
}

/** Every fake the end-to-end server is wired to. */
export const FAKES: FakeService[] = [
  fakeSmtp,
  geminiFake,
  openAiFake,
  fakeYouTube,
  fakeCobalt,
  fakeInstagram,
  fakeStripe,
];
