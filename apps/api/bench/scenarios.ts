/**
 * EXTENSION POINT (scenarios): the endpoints the benchmark drives, each for BENCH_SECONDS at 50 connections.
 * After merging a feature, add its scenarios here (e.g. a library listing `GET /api/libraries/membresia/...`,
 * the admin users page 1 and a search, the admin saved-videos page with a filter) with `kind: 'listing'` so
 * the report compares them with the signed-in `me` call.
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
   * read: the signed-in baseline; listing: must stay within 2x of `me`; cold: a listing whose every request
   * reads the database (shown as its cost in `me` calls); login: argon2id, slow on purpose.
   */
  kind: 'read' | 'listing' | 'cold' | 'login';
  /** Each request asks the next of pages 1..pages in turn: more pages than the server keeps between writes. */
  pages?: number;
}

export const SCENARIOS: Scenario[] = [
  { name: 'GET /api/auth/me (signed in)', method: 'GET', path: '/api/auth/me', as: 'member', kind: 'read' },
  {
    name: 'GET membresia videos page 1, newest first (vip)',
    method: 'GET',
    path: '/api/membresia/videos?page=1&sort=newest',
    as: 'member',
    kind: 'listing',
  },
  {
    name: 'GET membresia videos, one category (vip)',
    method: 'GET',
    path: '/api/membresia/videos?page=1&sort=newest&categoria_id=3',
    as: 'member',
    kind: 'listing',
  },
  {
    name: 'GET membresia progreso (vip)',
    method: 'GET',
    path: '/api/membresia/progreso',
    as: 'member',
    kind: 'listing',
  },
  {
    name: 'GET admin users page 1',
    method: 'GET',
    path: '/api/admin/users?page=1&pageSize=10',
    as: 'admin',
    kind: 'listing',
  },
  {
    name: 'GET admin users pending',
    method: 'GET',
    path: '/api/admin/users?page=1&pageSize=10&pending=true',
    as: 'admin',
    kind: 'listing',
  },
  {
    name: 'GET admin users search',
    method: 'GET',
    path: '/api/admin/users?page=1&pageSize=10&search=miembro012',
    as: 'admin',
    kind: 'listing',
  },
  {
    name: 'GET youtube videos, one channel',
    method: 'GET',
    path: `/api/video-tools/youtube/videos?page=1&filter=${encodeURIComponent(BENCH_CHANNEL)}`,
    as: 'admin',
    kind: 'listing',
  },
  {
    name: 'GET youtube videos, all',
    method: 'GET',
    path: '/api/video-tools/youtube/videos?page=1',
    as: 'admin',
    kind: 'listing',
  },
  {
    name: 'GET instagram videos, one user',
    method: 'GET',
    path: `/api/video-tools/instagram/videos?page=1&filter=${encodeURIComponent('Creador 7')}`,
    as: 'admin',
    kind: 'listing',
  },
  {
    name: 'GET youtube filters',
    method: 'GET',
    path: '/api/video-tools/youtube/filters',
    as: 'admin',
    kind: 'listing',
  },
];

/**
 * The server keeps listing pages between writes (at most 100-200 per list). These runs turn more pages than
 * that, in turn, so no request finds its page kept: what a listing costs when it reads the database.
 */
SCENARIOS.push(
  {
    name: 'GET membresia videos, pages 1-300 (cold)',
    method: 'GET',
    path: '/api/membresia/videos?page=1&sort=newest',
    as: 'member',
    kind: 'cold',
    pages: 300,
  },
  {
    name: 'GET admin users, pages 1-200 (cold)',
    method: 'GET',
    path: '/api/admin/users?page=1&pageSize=10',
    as: 'admin',
    kind: 'cold',
    pages: 200,
  },
  {
    name: 'GET youtube videos, pages 1-200 (cold)',
    method: 'GET',
    path: '/api/video-tools/youtube/videos?page=1',
    as: 'admin',
    kind: 'cold',
    pages: 200,
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
);
