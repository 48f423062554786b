/**
 * What RedGram measures in a text, shared by the server (the prompt names the limit) and the screen (the live
 * counter): each social network's character limit, the grapheme count, and the hashtags.
 */

export interface NetworkLimit {
  /** The network's usual name, as the screen shows it. */
  network: string;
  /** The most characters a post may have (Buffer's published limits). */
  limit: number;
}

/** Each known network, its limit and the names members write for it (compared without case or accents). */
export const SOCIAL_NETWORK_LIMITS: readonly (NetworkLimit & { aliases: readonly string[] })[] = [
  { network: 'Instagram', limit: 2_200, aliases: ['instagram', 'insta', 'ig'] },
  { network: 'X', limit: 280, aliases: ['x', 'twitter', 'tuiter', 'x twitter', 'twitter x'] },
  { network: 'LinkedIn', limit: 3_000, aliases: ['linkedin', 'linked in', 'linkedln'] },
  { network: 'Threads', limit: 500, aliases: ['threads'] },
  { network: 'Bluesky', limit: 300, aliases: ['bluesky', 'blue sky', 'bsky'] },
  { network: 'TikTok', limit: 2_200, aliases: ['tiktok', 'tik tok'] },
  { network: 'Facebook', limit: 63_206, aliases: ['facebook', 'face', 'fb', 'feisbuk'] },
];

/** Lower case, without accents, punctuation as spaces: "X (Twitter)" becomes "x twitter". */
const normalizeName = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The limit of a profile's `social_network`: a known network named as a whole word ("Instagram", "X (Twitter)",
 * "Linkedin", "Face", "Reels de Instagram"). When the text names several networks the strictest limit applies,
 * so the post fits all of them; an unknown network has none (null).
 */
export function networkLimit(socialNetwork: string): NetworkLimit | null {
  const name = ` ${normalizeName(socialNetwork)} `;
  let found: NetworkLimit | null = null;
  for (const { network, limit, aliases } of SOCIAL_NETWORK_LIMITS) {
    if (!aliases.some((alias) => name.includes(` ${alias} `))) continue;
    if (!found || limit < found.limit) found = { network, limit };
  }
  return found;
}

const graphemes = new Intl.Segmenter('es', { granularity: 'grapheme' });

/** Characters as a person counts them: an emoji (even a family or a flag) or an accented letter is one. */
export function countGraphemes(text: string): number {
  return Array.from(graphemes.segment(text)).length;
}

const HASHTAG = /(?<![\p{L}\p{N}_&#/])#[\p{L}\p{M}\p{N}_]*\p{L}[\p{L}\p{M}\p{N}_]*/gu;

/** The hashtags of a text in order of appearance, each once (ignoring case); "#1" or "&#39;" are not hashtags. */
export function extractHashtags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const [tag] of text.matchAll(HASHTAG)) {
    const key = tag.toLocaleLowerCase('es');
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/** The Spanish warning shown when a text is over its network's limit. */
export const overLimitMessage = ({ network, limit }: NetworkLimit, count: number): string =>
  `El texto supera el límite de ${network} (${limit.toLocaleString('es-ES')} caracteres) en ${(count - limit).toLocaleString('es-ES')} ${count - limit === 1 ? 'carácter' : 'caracteres'}`;
