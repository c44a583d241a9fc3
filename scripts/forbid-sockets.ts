/**
 * Preloaded by `npm run test:unit` (`node --import`, scripts/test-suites.ts): a unit test drives fw
 * through `inject` or calls its functions, so opening a socket (a server's listen, a client's
 * connect, fetch, a UDP socket's bind, which its send does first) or starting a process fails the
 * test with an error that says where the file belongs instead. Node forwards `--import` to each
 * test file's process. tests/test-unit-refuses-sockets.test.ts checks each way is refused.
 */
import childProcess from 'node:child_process';
import dgram from 'node:dgram';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

function refuse(what: string): never {
  const fix = 'drive fw with inject instead, or take the file out of UNIT in scripts/test-suites.ts (it is then an e2e test)';
  throw new Error(`a unit test ${what}: ${fix}`);
}

net.Server.prototype.listen = function listen(): never {
  refuse('opened a listening socket');
};
net.Socket.prototype.connect = function connect(): never {
  refuse('opened a client socket');
};
dgram.Socket.prototype.bind = function bind(): never {
  refuse('opened a datagram socket');
};
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
  (childProcess as Record<string, unknown>)[name] = () => refuse(`started a process (child_process.${name})`);
}
// So that `import { spawn } from 'node:child_process'` sees the replacements too.
syncBuiltinESMExports();
