import { randomBytes } from 'node:crypto';
import { ERASED_MEMBER_PREFIX } from '@app/contracts';

/** A fresh pseudonym for an erased member: random, so nothing links it back to the account. */
export const newPseudonym = (): string => `${ERASED_MEMBER_PREFIX}${randomBytes(3).toString('hex')}`;

/** What identifies the erased member in free text. */
export interface Identity {
  email: string;
  username: string;
  phone: string | null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Characters that continue a name: a username is replaced only where it stands as a whole word. */
const NAME_CHAR = '[\\p{L}\\p{N}_.@-]';

/**
 * Replaces the member's email (anywhere), username (as a whole word) and phone in `text` by the pseudonym,
 * ignoring case: Historial's labels and summaries then keep what was done, not who it was done to.
 */
export function scrubText(text: string, who: Identity, pseudonym: string): string {
  const patterns = [
    new RegExp(escapeRegExp(who.email), 'giu'),
    new RegExp(`(?<!${NAME_CHAR})${escapeRegExp(who.username)}(?!${NAME_CHAR})`, 'giu'),
    ...(who.phone ? [new RegExp(escapeRegExp(who.phone), 'gu')] : []),
  ];
  return patterns.reduce((result, pattern) => result.replace(pattern, pseudonym), text);
}

/** The fields of a change to an account whose values are the person (any former value too). */
const IDENTITY_FIELDS = new Set(['username', 'email', 'phone']);

/**
 * Every string inside a parsed JSON value, scrubbed. In an entry about the member's own account, the values of
 * its identity fields are replaced whole, so a former name or address goes too.
 */
function scrubJson(value: unknown, who: Identity, pseudonym: string, aboutMember: boolean): unknown {
  if (typeof value === 'string') return scrubText(value, who, pseudonym);
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, who, pseudonym, aboutMember));
  if (!value || typeof value !== 'object') return value;
  const identity = aboutMember && IDENTITY_FIELDS.has(String((value as { field?: unknown }).field));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      identity && (key === 'before' || key === 'after') && typeof item === 'string'
        ? pseudonym
        : scrubJson(item, who, pseudonym, aboutMember),
    ]),
  );
}

/** A Historial summary (JSON text) with the member scrubbed from every value; unparsable text as plain text. */
export function scrubSummary(
  summary: string,
  who: Identity,
  pseudonym: string,
  aboutMember: boolean,
): string {
  try {
    return JSON.stringify(scrubJson(JSON.parse(summary) as unknown, who, pseudonym, aboutMember));
  } catch {
    return scrubText(summary, who, pseudonym);
  }
}

/**
 * A Historial entry's values (JSON text: field to value) with the member scrubbed; in an entry about the member's
 * own account, its identity fields' values are replaced whole.
 */
export function scrubValues(values: string, who: Identity, pseudonym: string, aboutMember: boolean): string {
  try {
    const parsed = JSON.parse(values) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return values;
    return JSON.stringify(
      Object.fromEntries(
        Object.entries(parsed).map(([field, value]) => [
          field,
          aboutMember && IDENTITY_FIELDS.has(field) && typeof value === 'string'
            ? pseudonym
            : scrubJson(value, who, pseudonym, aboutMember),
        ]),
      ),
    );
  } catch {
    return scrubText(values, who, pseudonym);
  }
}
