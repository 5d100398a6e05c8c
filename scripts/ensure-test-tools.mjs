// Run by `npm test` before the tests: installs, with apt, the Debian packages that npm cannot bring.
//   chromium        the browser the end-to-end tests drive (playwright-core never downloads one)
//   docker-compose  validates docker-compose.yml without a Docker engine
// Nothing is done when both are present. Needs root or sudo only when something is missing.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const wanted = [
  { pkg: 'chromium', present: () => fs.existsSync('/usr/bin/chromium') },
  { pkg: 'docker-compose', present: () => spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0 },
];

const missing = wanted.filter((w) => !w.present()).map((w) => w.pkg);
if (missing.length > 0) {
  const asRoot = process.getuid?.() === 0;
  const run = (args) => {
    const [cmd, ...rest] = asRoot ? args : ['sudo', '-n', ...args];
    console.log(`ensure-test-tools: ${[cmd, ...rest].join(' ')}`);
    execFileSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  try {
    run(['apt-get', 'update', '-q']);
    run(['apt-get', 'install', '-y', '-q', '--no-install-recommends', ...missing]);
  } catch (err) {
    console.error(`ensure-test-tools: could not install ${missing.join(', ')} with apt-get (${err.message}).`);
    console.error('Install them yourself (Debian: apt-get install chromium docker-compose) and run the tests again.');
    process.exit(1);
  }
}
