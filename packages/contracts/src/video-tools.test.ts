import { describe, expect, it } from 'vitest';
import { parseInstagramLink, parseYouTubeLink } from './video-tools';

describe('parseYouTubeLink', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['http://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://music.youtube.com/watch?v=dQw4w9WgXcQ&list=RD', 'dQw4w9WgXcQ'],
    ['www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?start=10', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/v/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/aB3_-x9Zk0Q', 'aB3_-x9Zk0Q'],
    ['https://www.youtube.com/live/aB3_-x9Zk0Q?feature=share', 'aB3_-x9Zk0Q'],
    ['  https://www.youtube.com/watch?v=dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
  ])('takes the id of %s', (link, id) => {
    expect(parseYouTubeLink(link)).toEqual({ kind: 'id', id });
  });

  it.each([
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQextra',
    'https://www.youtube.com/channel/UC38IQsAvIsxxjztdMZQtwHA',
    'https://www.youtube.com/',
    'https://youtu.be/',
  ])('finds no id in %s, a link on YouTube itself', (link) => {
    expect(parseYouTubeLink(link)).toEqual({ kind: 'no-id' });
  });

  it.each([
    '',
    'not a link',
    'https://evil.example.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'http://127.0.0.1:8080/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com@169.254.169.254/watch?v=dQw4w9WgXcQ',
    'ftp://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)',
    'https://vimeo.com/123456',
  ])('rejects %s as not a YouTube link', (link) => {
    expect(parseYouTubeLink(link)).toEqual({ kind: 'invalid' });
  });
});

describe('parseInstagramLink', () => {
  it.each([
    [
      'https://www.instagram.com/reel/C1a2B3c4D5e/',
      'C1a2B3c4D5e',
      'https://www.instagram.com/reel/C1a2B3c4D5e/',
    ],
    [
      'https://instagram.com/reel/C1a2B3c4D5e?igsh=xyz',
      'C1a2B3c4D5e',
      'https://www.instagram.com/reel/C1a2B3c4D5e/',
    ],
    [
      'https://www.instagram.com/reels/C1a2B3c4D5e/',
      'C1a2B3c4D5e',
      'https://www.instagram.com/reel/C1a2B3c4D5e/',
    ],
    ['https://www.instagram.com/p/B-xY_z12345/', 'B-xY_z12345', 'https://www.instagram.com/p/B-xY_z12345/'],
    ['instagram.com/p/B-xY_z12345', 'B-xY_z12345', 'https://www.instagram.com/p/B-xY_z12345/'],
    [
      'https://www.instagram.com/share/reel/BAbc123XyZ/',
      'BAbc123XyZ',
      'https://www.instagram.com/reel/BAbc123XyZ/',
    ],
    [
      'https://www.instagram.com/natgeo/reel/C1a2B3c4D5e/',
      'C1a2B3c4D5e',
      'https://www.instagram.com/reel/C1a2B3c4D5e/',
    ],
    [
      'https://www.instagram.com/stories/natgeo/3312345678901234567/',
      '3312345678901234567',
      'https://www.instagram.com/stories/natgeo/3312345678901234567/',
    ],
    [
      'https://m.instagram.com/reel/C1a2B3c4D5e/',
      'C1a2B3c4D5e',
      'https://www.instagram.com/reel/C1a2B3c4D5e/',
    ],
  ])('takes the code of %s', (link, id, url) => {
    expect(parseInstagramLink(link)).toEqual({ id, url });
  });

  it.each([
    '',
    'https://www.instagram.com/',
    'https://www.instagram.com/natgeo/',
    'https://www.instagram.com/explore/tags/cafe/',
    'https://www.instagram.com/stories/natgeo/',
    'https://www.instagram.com/reel/',
    'https://www.instagram.com/reel/a$b/',
    'https://instagram.com.evil.example/reel/C1a2B3c4D5e/',
    'http://127.0.0.1:9000/reel/C1a2B3c4D5e/',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  ])('rejects %s', (link) => {
    expect(parseInstagramLink(link)).toBeNull();
  });
});
