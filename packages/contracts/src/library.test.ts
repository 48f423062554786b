import { describe, expect, it } from 'vitest';
import { driveFileId, drivePreviewUrl, isHttpUrl, LIBRARY_MESSAGES, VideoBody } from './index';

const valid = {
  titulo: 'Clase 1',
  descripcion: '',
  categoria_id: 1,
  url: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view?usp=sharing',
  material: '',
};

describe('Drive links', () => {
  it('takes the file id from a /d/ segment or an id= parameter', () => {
    expect(driveFileId('https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view')).toBe('1AbCdEfGhIjKlMnOp');
    expect(driveFileId('https://drive.google.com/open?id=1AbCdEfGhIjKlMnOp')).toBe('1AbCdEfGhIjKlMnOp');
    expect(drivePreviewUrl('https://drive.google.com/uc?export=download&id=1AbCdEfGhIjKlMnOp')).toBe(
      'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/preview',
    );
  });

  it('finds no id in other hosts, plain http, or links without an id', () => {
    expect(driveFileId('http://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view')).toBeNull();
    expect(driveFileId('https://evil.example.com/file/d/1AbCdEfGhIjKlMnOp/view')).toBeNull();
    expect(driveFileId('https://drive.google.com/drive/my-drive')).toBeNull();
    expect(drivePreviewUrl('no es una url')).toBeNull();
  });
});

describe('VideoBody', () => {
  it('accepts a shared Drive link and an optional http(s) material', () => {
    expect(VideoBody.safeParse(valid).success).toBe(true);
    expect(VideoBody.safeParse({ ...valid, material: 'https://example.com/guia.pdf' }).success).toBe(true);
  });

  it('rejects a javascript: material, a non-Drive url and a blank title with Spanish messages', () => {
    const messages = (input: unknown) =>
      VideoBody.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ ...valid, material: 'javascript:alert(1)' })).toEqual([
      LIBRARY_MESSAGES.materialInvalid,
    ]);
    expect(messages({ ...valid, url: 'https://youtube.com/watch?v=abc' })).toEqual([
      LIBRARY_MESSAGES.urlInvalid,
    ]);
    expect(messages({ ...valid, titulo: '   ' })).toEqual([LIBRARY_MESSAGES.tituloRequired]);
    expect(messages({ ...valid, categoria_id: 0 })).toEqual([LIBRARY_MESSAGES.categoriaRequired]);
  });
});

describe('links', () => {
  it('refuses a Drive look-alike host and accepts only http(s) material', () => {
    expect(driveFileId('https://drive.google.com@evil.example/file/d/1AbCdEfGhIjKlMnOp/view')).toBeNull();
    expect(driveFileId('https://drive.google.com.evil.example/file/d/1AbCdEfGhIjKlMnOp/view')).toBeNull();
    expect(isHttpUrl('http://example.com/guia.pdf')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('data:text/html,hola')).toBe(false);
  });
});
