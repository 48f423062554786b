import sanitizeHtml from 'sanitize-html';

/** What the editor (TipTap's starter kit with links) writes; anything else is dropped on save. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'hr',
    'a',
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

/** The body as it is stored and shown: the editor's HTML without scripts, styles, handlers or other schemes. */
export const sanitizeBody = (html: string): string => sanitizeHtml(html, OPTIONS).trim();

/** Whether a sanitised body says anything (an empty editor still writes `<p></p>`). */
export const hasText = (html: string): boolean => bodyText(html).trim().length > 0;

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

const decode = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });

/**
 * The plain-text part of a sanitised body: paragraphs and list items on their own lines, a link's address
 * after its text. Runs only on `sanitizeBody`'s output, whose tags are the few above.
 */
export function bodyText(html: string): string {
  const text = html
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_whole, href: string, label: string) => {
      const shown = label.replace(/<[^>]+>/g, '');
      const address = decode(href);
      return decode(shown) === address ? shown : `${shown} (${href})`;
    })
    .replace(/<li[^>]*>/g, '- ')
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<hr\s*\/?>/g, '\n----\n')
    .replace(/<\/li>/g, '\n')
    .replace(/<\/(p|h[1-6]|blockquote|pre|ul|ol)>/g, '\n\n')
    .replace(/<[^>]+>/g, '');
  return decode(text)
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
