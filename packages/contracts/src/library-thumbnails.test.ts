import { describe, expect, it } from 'vitest';
import { driveThumbnailUrl, LIBRARY_MESSAGES, VideoBody } from './library';

const valid = {
  titulo: 'Clase',
  categoria_id: 1,
  url: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUv/view?usp=sharing',
};

const messages = (input: unknown) =>
  VideoBody.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('class pictures', () => {
  it('builds the Drive thumbnail of a Drive link, and none for other links', () => {
    expect(driveThumbnailUrl(valid.url)).toBe(
      'https://drive.google.com/thumbnail?id=1AbCdEfGhIjKlMnOpQrStUv&sz=w640',
    );
    expect(driveThumbnailUrl('https://drive.google.com/open?id=1ZyXwVuTsRqPo')).toBe(
      'https://drive.google.com/thumbnail?id=1ZyXwVuTsRqPo&sz=w640',
    );
    expect(driveThumbnailUrl('https://example.com/file/d/1AbCdEfGhIjKlMnOpQrStUv')).toBeNull();
  });

  it('accepts a blank or https miniatura and refuses http, javascript: and data: ones', () => {
    expect(VideoBody.parse(valid).miniatura).toBe('');
    expect(VideoBody.parse({ ...valid, miniatura: ' https://cdn.example.com/a.jpg ' }).miniatura).toBe(
      'https://cdn.example.com/a.jpg',
    );
    for (const miniatura of [
      'http://cdn.example.com/a.jpg',
      'javascript:alert(1)',
      'data:image/png;base64,AA',
    ])
      expect(messages({ ...valid, miniatura })).toEqual([LIBRARY_MESSAGES.miniaturaInvalid]);
  });
});
