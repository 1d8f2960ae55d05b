// A real Harper for the browser tests: `harper up` on free loopback ports, with a memory root of
// demo data in a temporary folder (written by `harper up` itself), stopped with SIGTERM.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

export async function startHarper({ accounts = 60, timeoutMs = 300_000 } = {}) {
  const harperBin = join(REPO, '.venv', 'bin', 'harper');
  if (!existsSync(harperBin)) throw new Error(`No ${harperBin}: run \`make install\` first.`);
  if (!existsSync(join(REPO, 'ui', 'dist', 'index.html'))) {
    throw new Error('The UI is not built (ui/dist): run `make ui` first.');
  }
  const base = mkdtempSync(join(tmpdir(), 'harper-ui-e2e-'));
  const [port, nats, redis, smtp] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const env = { ...process.env };
  delete env.ANTHROPIC_API_KEY; // the built-in brain: no network
  const adminKey = `hk_${randomBytes(24).toString('base64url')}`;
  Object.assign(env, {
    HARPER_ADMIN_KEY: adminKey,
    HARPER_MEM_ROOT: join(base, 'mem'),
    HARPER_DATA_DIR: join(base, 'data'),
    HARPER_PORT: String(port),
    HARPER_HOST: '127.0.0.1',
    NATS_URL: `nats://127.0.0.1:${nats}`,
    REDIS_URL: `redis://127.0.0.1:${redis}/0`,
    HARPER_DEMO_ACCOUNTS: String(accounts),
    HARPER_SKILLS_DIR: join(REPO, 'skills'),
    HARPER_BRAIN: 'local',
    HARPER_SMTP_HOST: '127.0.0.1',
    HARPER_SMTP_PORT: String(smtp),
    HARPER_FOLLOWUP_MODE: 'review-before',
    HARPER_FOLLOWUP_SCHEDULE_ENABLED: 'false',
    HARPER_UI_DIST: join(REPO, 'ui', 'dist'),
  });
  const logPath = join(base, 'harper-up.log');
  const log = openSync(logPath, 'w');
  const child = spawn(harperBin, ['up'], { cwd: base, env, stdio: ['ignore', log, log] });
  const exited = new Promise((resolveExit) => child.on('exit', (code, signal) => resolveExit({ code, signal })));
  let gone = null;
  exited.then((status) => (gone = status));
  const baseUrl = `http://127.0.0.1:${port}`;
  const harper = {
    baseUrl,
    adminKey,
    // The link `harper up` prints: the key becomes a session cookie and leaves the URL.
    signInUrl: `${baseUrl}/?token=${adminKey}`,
    base,
    memRoot: env.HARPER_MEM_ROOT,
    logPath,
    async stop({ keep = false } = {}) {
      if (gone === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await exited;
        clearTimeout(timer);
      }
      if (!keep) rmSync(base, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone !== null) {
      const tail = readFileSync(logPath, 'utf8').split('\n').slice(-30).join('\n');
      throw new Error(`harper up stopped (${JSON.stringify(gone)}):\n${tail}`);
    }
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.status === 200) return harper;
    } catch {
      // not listening yet
    }
    await new Promise((wake) => setTimeout(wake, 500));
  }
  await harper.stop({ keep: true });
  throw new Error(`Harper was not healthy within ${timeoutMs / 1000} s; see ${logPath}`);
}
