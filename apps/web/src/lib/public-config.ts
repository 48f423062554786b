import type { PublicConfig } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadRequestModule } from './api-error';

/**
 * The settings the server wrote into the page (the API's plugins/web.ts, the same object /api/public-config
 * answers): the first screens read them there, without a request and without loading zod and the API client. A
 * page served by another server (Vite's dev server) has none, and the request goes out as before.
 */
export const settingsInPage = (): PublicConfig | undefined => {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById('public-config')?.textContent;
  return text ? (JSON.parse(text) as PublicConfig) : undefined;
};

/**
 * Browser-visible settings (plans link, time zone): one query shared by every screen that needs them. Its answer
 * arrives after the first render even when the page carries it, so a prerendered page hydrates as it was rendered.
 */
const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: async () =>
      settingsInPage() ?? (await loadRequestModule(() => import('./public-config-call'))).fetchPublicConfig(),
    staleTime: Infinity,
  });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());

/** The community's zone (TIME_ZONE) in which every date is shown; undefined until the settings arrive. */
export const useTimeZone = (): string | undefined => usePublicConfig().data?.timeZone;

export interface CommunityBrand {
  /** Null: the app's own words ("Inicio", "Comunidad - Herramientas"). */
  name: string | null;
  /** Null: the cup. */
  logoUrl: string | null;
}

/**
 * The community's name and logo, read from the page on the first render: the server sends a named community
 * index.html (never a prerendered page drawn with the defaults), so the first render already matches it and
 * nothing flickers from "Inicio" to the name.
 */
export function useCommunityBrand(): CommunityBrand {
  // It reads the settings without asking for them: the bar and the title sit above every route, and asking here
  // would bring the answer before a prerendered page below has hydrated (its plans link then differed from the
  // server's drawing). A saved name still arrives, through the cache the screens' own query shares.
  const config = useQuery({ ...publicConfigQueryOptions(), enabled: false }).data ?? settingsInPage();
  return { name: config?.communityName ?? null, logoUrl: config?.communityLogoUrl ?? null };
}
