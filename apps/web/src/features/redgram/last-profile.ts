import type { RedgramProfile } from '@app/contracts';

/** Per member, so two members who share a browser each find their own profile chosen. */
const storageKey = (userId: number) => `redgram-profile:${userId}`;

/** The profile the member chose last in this browser, if any (storage may be unavailable: then none). */
export function readLastProfile(userId: number | undefined): number | null {
  if (userId === undefined) return null;
  try {
    const id = Number(window.localStorage.getItem(storageKey(userId)));
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export function saveLastProfile(userId: number | undefined, id: number | null): void {
  if (userId === undefined) return;
  try {
    if (id === null) window.localStorage.removeItem(storageKey(userId));
    else window.localStorage.setItem(storageKey(userId), String(id));
  } catch {
    // Remembering the choice is a convenience: without storage the member picks the profile again.
  }
}

/** The chosen profile while it still exists; otherwise a member's only profile, which needs no choosing. */
export function pickProfile(
  profiles: RedgramProfile[] | undefined,
  chosenId: number | null,
): RedgramProfile | null {
  if (!profiles) return null;
  const chosen = profiles.find((profile) => profile.id === chosenId);
  if (chosen) return chosen;
  return profiles.length === 1 ? (profiles[0] ?? null) : null;
}
