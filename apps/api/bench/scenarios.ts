/**
 * EXTENSION POINT (scenarios): the endpoints the benchmark drives on each engine and each seed. A member page
 * (`kind: 'member'`) is what every member opens: it runs at 50 connections for its req/s, compared with `me`'s,
 * and at an offered 200 req/s for its p99. An admin page (`kind: 'admin'`) is opened by one administrator at a
 * time: it runs at one connection for its p99. After merging a feature, add its reads here with the kind of
 * whoever opens them.
 */
import { BENCH_ACCOUNTS, BENCH_CHANNEL } from './seeds';

export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Who calls: a signed-in member, a signed-in administrator, or nobody. */
  as: 'member' | 'admin' | null;
  body?: unknown;
  /**
   * me: the signed-in baseline (a member page the others are compared with); member: a page every member
   * opens; admin: a page one administrator opens at a time; login: argon2id, slow on purpose.
   */
  kind: 'me' | 'member' | 'admin' | 'login';
  /** Each request asks the next of these paths in turn (several calls of one screen, or page after page). */
  paths?: string[];
}

/** `path` with `page=1` replaced by each page from 1 to `last`: deep pages read past thousands of rows. */
const pagesOf = (path: string, last: number) =>
  Array.from({ length: last }, (_, i) => path.replace('page=1', `page=${i + 1}`));

/** Estadísticas' live figures of today; run.ts prints its p99 against `me`'s, measured in the same run. */
export const TODAY_SCENARIO = 'estadisticas, hoy';

export const SCENARIOS: Scenario[] = [
  { name: 'GET /api/auth/me (signed in)', method: 'GET', path: '/api/auth/me', as: 'member', kind: 'me' },
  {
    name: 'dashboard: me + public-config',
    method: 'GET',
    path: '/api/auth/me',
    as: 'member',
    kind: 'member',
    paths: ['/api/auth/me', '/api/public-config'],
  },
  {
    name: 'membresia videos page 1, newest first',
    method: 'GET',
    path: '/api/membresia/videos?page=1&sort=newest',
    as: 'member',
    kind: 'member',
  },
  {
    name: 'membresia videos, one category',
    method: 'GET',
    path: '/api/membresia/videos?page=1&sort=newest&categoria_id=3',
    as: 'member',
    kind: 'member',
  },
  {
    name: 'membresia videos, pages 1-300 (deep)',
    method: 'GET',
    path: '/api/membresia/videos?page=1&sort=newest',
    as: 'member',
    kind: 'member',
    paths: pagesOf('/api/membresia/videos?page=1&sort=newest', 300),
  },
  {
    name: 'membresia progreso',
    method: 'GET',
    path: '/api/membresia/progreso',
    as: 'member',
    kind: 'member',
  },
  {
    name: 'RedGram Mi historial page 1',
    method: 'GET',
    path: '/api/redgram/history?page=1',
    as: 'member',
    kind: 'member',
  },
  {
    name: 'admin users page 1',
    method: 'GET',
    path: '/api/admin/users?page=1&pageSize=10',
    as: 'admin',
    kind: 'admin',
  },
  {
    name: 'admin users pending',
    method: 'GET',
    path: '/api/admin/users?page=1&pageSize=10&pending=true',
    as: 'admin',
    kind: 'admin',
  },
  {
    name: 'admin users search',
    method: 'GET',
    path: '/api/admin/users?page=1&pageSize=10&search=miembro012',
    as: 'admin',
    kind: 'admin',
  },
  {
    name: 'admin users, pages 1-200 (deep)',
    method: 'GET',
    path: '/api/admin/users?page=1&pageSize=10',
    as: 'admin',
    kind: 'admin',
    paths: pagesOf('/api/admin/users?page=1&pageSize=10', 200),
  },
  // Estadísticas reads only its kept daily rows, filled at the server's start from the seeded history.
  ...(['30', '365', 'all'] as const).map((range): Scenario => ({
    name: `estadisticas, ${range === 'all' ? 'todo' : `${range} días`}`,
    method: 'GET',
    path: `/api/estadisticas?range=${range}`,
    as: 'admin',
    kind: 'admin',
  })),
  // Today's figures are read live, from today's rows only: their cost must not grow with the community.
  {
    name: TODAY_SCENARIO,
    method: 'GET',
    path: '/api/estadisticas/hoy',
    as: 'admin',
    kind: 'admin',
  },
  {
    name: 'estadisticas, clases (first page of each library)',
    method: 'GET',
    path: '/api/estadisticas/clases?library=membresia',
    as: 'admin',
    kind: 'admin',
    paths: [
      '/api/estadisticas/clases?library=membresia',
      '/api/estadisticas/clases?library=cafelito-virtual',
    ],
  },
  {
    name: 'youtube videos, all',
    method: 'GET',
    path: '/api/video-tools/youtube/videos?page=1',
    as: 'admin',
    kind: 'admin',
  },
  {
    name: 'youtube videos, one channel',
    method: 'GET',
    path: `/api/video-tools/youtube/videos?page=1&filter=${encodeURIComponent(BENCH_CHANNEL)}`,
    as: 'admin',
    kind: 'admin',
  },
  {
    name: 'youtube videos, pages 1-200 (deep)',
    method: 'GET',
    path: '/api/video-tools/youtube/videos?page=1',
    as: 'admin',
    kind: 'admin',
    paths: pagesOf('/api/video-tools/youtube/videos?page=1', 200),
  },
  {
    name: 'instagram videos, one user',
    method: 'GET',
    path: `/api/video-tools/instagram/videos?page=1&filter=${encodeURIComponent('Creador 7')}`,
    as: 'admin',
    kind: 'admin',
  },
  {
    name: 'youtube filters',
    method: 'GET',
    path: '/api/video-tools/youtube/filters',
    as: 'admin',
    kind: 'admin',
  },
  {
    name: 'Historial page 1',
    method: 'GET',
    path: '/api/admin/history?page=1',
    as: 'admin',
    kind: 'admin',
  },
  {
    name: 'Historial, one kind',
    method: 'GET',
    path: '/api/admin/history?page=1&kind=user.update',
    as: 'admin',
    kind: 'admin',
  },
  {
    name: 'Historial, pages 1-200 (deep)',
    method: 'GET',
    path: '/api/admin/history?page=1',
    as: 'admin',
    kind: 'admin',
    paths: pagesOf('/api/admin/history?page=1', 200),
  },
  // Last: its argon2id hashing fills the thread pool and memory, which must not weigh on the runs above.
  {
    name: 'POST /api/auth/login (burst)',
    method: 'POST',
    path: '/api/auth/login',
    as: null,
    body: BENCH_ACCOUNTS.member,
    kind: 'login',
  },
];
