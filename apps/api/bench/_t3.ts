import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
const app = await buildApp(loadConfig({ env: { DATABASE_PATH: process.argv[2]!, LOG_LEVEL: 'silent', NODE_ENV: 'production' } }));
const login = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-requested-with': 'fetch' }, payload: { email: 'vip@bench.local', password: 'bench-password' } });
const cookie = String(login.headers['set-cookie']).split(';')[0]!;
const time = async (url: string) => {
  for (let i = 0; i < 500; i++) await app.inject({ method: 'GET', url, headers: { cookie } });
  const c0 = process.cpuUsage(); const n = 3000;
  for (let i = 0; i < n; i++) await app.inject({ method: 'GET', url, headers: { cookie } });
  const c = process.cpuUsage(c0);
  console.log(url, ((c.user + c.system) / n).toFixed(1), 'us');
};
for (const u of process.argv.slice(3)) await time(u);
await app.close();
