// Makes sure Debian's Chromium is at /usr/bin/chromium before the browser tests run.
// When it is missing: installs it with apt-get (as root, `apt-get update` first); when that cannot be done
// (not root, no apt-get), stops at once with one line saying what to run.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  console.error(
    `Browser tests need Debian's Chromium at ${CHROMIUM}: run \`sudo apt-get update && sudo apt-get install -y chromium\`, then \`npm test\` again.`,
  );
  process.exit(1);
}

console.log(`== ${CHROMIUM} is missing: installing Debian's chromium (apt-get)`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
  const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`\`apt-get ${args.join(' ')}\` failed (exit ${r.status}): install Chromium with \`apt-get install -y chromium\` and run \`npm test\` again.`);
    process.exit(1);
  }
}
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get installed chromium but ${CHROMIUM} is still missing: install it so that ${CHROMIUM} exists.`);
  process.exit(1);
}
