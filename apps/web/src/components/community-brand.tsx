import { Group, Stack, Text } from '@mantine/core';
import { IconCoffee } from '@tabler/icons-react';
import type { CommunityBrand } from '@/lib/public-config';

/** The community's logo at `size` pixels high, or the cup when it has none (decorative: the name is beside it). */
export function CommunityMark({ logoUrl, size }: { logoUrl: string | null; size: number }) {
  if (!logoUrl) return <IconCoffee size={size} aria-hidden="true" />;
  return (
    <img src={logoUrl} alt="" height={size} style={{ height: size, width: 'auto', maxWidth: size * 4 }} />
  );
}

/** The community's logo and name above a signed-out screen's card title; nothing while it has neither. */
export function CommunityHeading({ brand }: { brand: CommunityBrand }) {
  if (brand.name === null && brand.logoUrl === null) return null;
  return (
    <Stack align="center" gap={6} mb="sm">
      {brand.logoUrl && <CommunityMark logoUrl={brand.logoUrl} size={56} />}
      {brand.name && (
        <Group gap={6}>
          <Text fw={700} size="lg">
            {brand.name}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
