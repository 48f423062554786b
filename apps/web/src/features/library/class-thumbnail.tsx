import { driveThumbnailUrl, type Video } from '@app/contracts';
import { AspectRatio, Box, Image, Text } from '@mantine/core';
import { useState } from 'react';

/** Colours of the designed fallback: each category keeps one, so a row reads as a set. */
const FALLBACK_COLORS = ['grape', 'indigo', 'teal', 'orange', 'pink', 'cyan', 'violet', 'blue'] as const;

export const fallbackColor = (categoriaId: number) =>
  FALLBACK_COLORS[categoriaId % FALLBACK_COLORS.length] ?? 'grape';

/** Up to two initials of a title's words ("Cómo vender en Instagram" -> "CV"), letters and digits only. */
export function titleInitials(titulo: string): string {
  const words = titulo
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word.length > 2 || /^\p{N}+$/u.test(word));
  const picked = (words.length > 0 ? words : [titulo.trim()]).slice(0, 2);
  return picked.map((word) => word.charAt(0).toLocaleUpperCase('es-ES')).join('') || '?';
}

/** The pictures to try for a class, in order: the administrator's miniatura, then the Drive thumbnail. */
export const thumbnailSources = (video: Pick<Video, 'miniatura' | 'url'>): string[] =>
  [video.miniatura, driveThumbnailUrl(video.url)].filter((src): src is string => Boolean(src));

/**
 * A class's 16:9 picture, lazy-loaded: the miniatura, else the Drive thumbnail, else (neither loads) a designed
 * card in the category's colour with the title's initials.
 */
export function ClassThumbnail({
  video,
}: {
  video: Pick<Video, 'miniatura' | 'url' | 'titulo' | 'categoria_id'>;
}) {
  const sources = thumbnailSources(video);
  // How many sources failed to load; reset when the class's pictures change.
  const [failed, setFailed] = useState({ key: sources.join(' '), count: 0 });
  const count = failed.key === sources.join(' ') ? failed.count : 0;
  const src = sources[count];
  const alt = `Miniatura de ${video.titulo}`;
  const color = fallbackColor(video.categoria_id);

  return (
    <AspectRatio ratio={16 / 9}>
      {src ? (
        <Image
          src={src}
          alt={alt}
          loading="lazy"
          decoding="async"
          fit="cover"
          w="100%"
          h="100%"
          // Drive answers a sign-in page (not an image) for files that are not shared: the next source, then the fallback.
          onError={() => setFailed({ key: sources.join(' '), count: count + 1 })}
          data-thumbnail="image"
        />
      ) : (
        <Box
          role="img"
          aria-label={alt}
          data-thumbnail="fallback"
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: `linear-gradient(135deg, var(--mantine-color-${color}-9) 0%, var(--mantine-color-${color}-6) 100%)`,
          }}
        >
          <Text
            aria-hidden="true"
            fw={800}
            c="white"
            style={{ fontSize: 'clamp(2rem, 6vw, 3rem)', letterSpacing: '0.05em', opacity: 0.92 }}
          >
            {titleInitials(video.titulo)}
          </Text>
        </Box>
      )}
    </AspectRatio>
  );
}
