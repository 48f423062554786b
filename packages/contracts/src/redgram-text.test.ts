import { describe, expect, it } from 'vitest';
import { countGraphemes, extractHashtags, networkLimit, overLimitMessage } from './redgram-text';

describe('networkLimit', () => {
  it('knows the published limit of each network', () => {
    expect(
      ['Instagram', 'X', 'LinkedIn', 'Threads', 'Bluesky', 'TikTok', 'Facebook'].map(
        (name) => networkLimit(name)?.limit,
      ),
    ).toEqual([2_200, 280, 3_000, 500, 300, 2_200, 63_206]);
  });

  it('matches ignoring case, accents and punctuation, and by the names members use', () => {
    expect(networkLimit('Twitter')).toEqual({ network: 'X', limit: 280 });
    expect(networkLimit('X (Twitter)')).toEqual({ network: 'X', limit: 280 });
    expect(networkLimit('  linkedin ')).toEqual({ network: 'LinkedIn', limit: 3_000 });
    expect(networkLimit('Face')).toEqual({ network: 'Facebook', limit: 63_206 });
    expect(networkLimit('INSTAGRAM')?.limit).toBe(2_200);
    expect(networkLimit('Reels de Instagram')?.network).toBe('Instagram');
    expect(networkLimit('Tik Tok')?.network).toBe('TikTok');
    expect(networkLimit('Blue Sky')?.network).toBe('Bluesky');
  });

  it('takes the strictest limit when several networks are named', () => {
    expect(networkLimit('Instagram y Twitter')).toEqual({ network: 'X', limit: 280 });
  });

  it('has no limit for an unknown network or a word that only contains a name', () => {
    expect(networkLimit('Pinterest')).toBeNull();
    expect(networkLimit('Mastodon')).toBeNull();
    expect(networkLimit('Fax')).toBeNull();
    expect(networkLimit('Facetime')).toBeNull();
  });
});

describe('countGraphemes', () => {
  it('counts an emoji, a flag, a family or an accented letter as one character', () => {
    expect(countGraphemes('hola')).toBe(4);
    expect(countGraphemes('👍')).toBe(1);
    expect(countGraphemes('👨‍👩‍👧‍👦')).toBe(1);
    expect(countGraphemes('🇪🇸')).toBe(1);
    expect(countGraphemes('e\u0301')).toBe(1);
    expect(countGraphemes('¡Café ☕!')).toBe(8);
    expect('👨‍👩‍👧‍👦'.length).toBeGreaterThan(1);
  });
});

describe('extractHashtags', () => {
  it('finds each hashtag once, in order, with accents and digits', () => {
    expect(
      extractHashtags('Nuevo #Café en #Madrid 2024 #café #día1\n#Madrid, #ñandú! #emprendimiento_local'),
    ).toEqual(['#Café', '#Madrid', '#día1', '#ñandú', '#emprendimiento_local']);
  });

  it('ignores numbers, anchors and entities that are not hashtags', () => {
    expect(extractHashtags('Somos el #1 en ventas, ver https://x.com/a#b y &#39; o a#b')).toEqual([]);
    expect(extractHashtags('sin etiquetas')).toEqual([]);
  });
});

describe('overLimitMessage', () => {
  it('says in Spanish which limit is passed and by how much', () => {
    expect(overLimitMessage({ network: 'Instagram', limit: 2_200 }, 2_250)).toBe(
      'El texto supera el límite de Instagram (2200 caracteres) en 50 caracteres',
    );
    expect(overLimitMessage({ network: 'X', limit: 280 }, 281)).toBe(
      'El texto supera el límite de X (280 caracteres) en 1 carácter',
    );
  });
});
