import type { InstagramVideo, YouTubeVideo } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { PROVIDERS } from './providers';

const reel: InstagramVideo = {
  record_id: 1,
  id: 'C0de',
  titulo: 'Reel',
  descripcion: 'Sin descripción',
  duracion: 75,
  url_video: null,
  miniatura: '',
  user_id: 2,
  usuario: 'Ana',
  fecha_extraccion: '2026-03-05T23:30:00.000Z',
};

describe('video dates', () => {
  it("shows an Instagram extraction time in the community's zone, as every other date", () => {
    const view = PROVIDERS.instagram.toView(reel);
    expect(view.dateLine('Europe/Madrid')).toBe('Extraído: 06/03/2026 00:30');
    expect(view.dateLine('America/Mexico_City')).toBe('Extraído: 05/03/2026 17:30');
  });

  it('shows a YouTube publication day as the calendar day it is', () => {
    const video: YouTubeVideo = {
      ...reel,
      id: 'abcdefghijk',
      vistas: 0,
      likes: 0,
      calidad_video: 'HD',
      url_audio: '',
      canal: 'Canal',
      fecha_publicacion: '2024-05-15',
      placeholder: false,
    };
    expect(PROVIDERS.youtube.toView(video).dateLine('America/Mexico_City')).toBe('Publicado: 15/05/2024');
  });
});
