import { z } from 'zod';
import { unknownFieldsMessage } from './messages';

z.config({
  // Generic validation messages (wrong type, too long...) in Spanish, on the client and the server alike.
  ...z.locales.es(),
  // Every object schema is strict: name the keys it refused, in the words of the other messages.
  customError: (issue) => (issue.code === 'unrecognized_keys' ? unknownFieldsMessage(issue.keys) : undefined),
  // In a browser, no compiled parsers: zod decides when each object schema is created whether to compile one with
  // `new Function`, probing eval first, and the page's CSP (no 'unsafe-eval') reports that probe as a violation.
  // Hence this module runs before any schema exists. The server keeps the compiled parsers.
  jitless: 'document' in globalThis,
});
