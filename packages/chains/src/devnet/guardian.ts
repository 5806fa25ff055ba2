// The devnet guardian: a small process between the server and anvil that ties anvil's life to the server's.
// anvil keeps running when its parent dies (even after kill -9), so the guardian watches the server instead:
// its stdin is a pipe from the server, which the kernel closes when the server dies for any reason; it also
// polls the server's pid. Either way it stops anvil with SIGTERM, so that anvil dumps its state, and exits
// when anvil has. It prints one JSON line when anvil listens: {"listening":"127.0.0.1:8545","pid":123}.
// Usage (by launcher.ts): node guardian.ts '<json {binary, args, parentPid}>'
import { spawn } from 'node:child_process';

type GuardianArgs = { binary: string; args: string[]; parentPid: number };

const { binary, args, parentPid } = JSON.parse(process.argv[2] ?? '{}') as GuardianArgs;
const anvil = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
let ready = false;
let stopping = false;

const keepTail = (chunk: Buffer) => {
  output = (output + chunk.toString()).slice(-8_000);
};
anvil.stdout.on('data', (chunk: Buffer) => {
  if (ready) return; // after start-up anvil logs RPC traffic; nobody reads it
  keepTail(chunk);
  const listening = /Listening on (\S+)/.exec(output)?.[1];
  if (listening) {
    ready = true;
    output = '';
    process.stdout.write(JSON.stringify({ listening, pid: anvil.pid }) + '\n');
  }
});
anvil.stderr.on('data', keepTail);

function stop(): void {
  if (stopping) return;
  stopping = true;
  anvil.kill('SIGTERM');
  // anvil dumps its state on SIGTERM; a large state takes a moment, a hung one is killed.
  setTimeout(() => anvil.kill('SIGKILL'), 20_000).unref();
}

anvil.once('error', (error) => {
  process.stdout.write(JSON.stringify({ error: error.message, output }) + '\n');
  process.exit(1);
});
anvil.once('exit', (code, signal) => {
  if (!ready) process.stdout.write(JSON.stringify({ exited: code ?? signal, output }) + '\n');
  process.exit(code ?? 0);
});

process.stdin.resume();
process.stdin.once('end', stop);
process.stdin.once('error', stop);
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.once('SIGHUP', stop);
setInterval(() => {
  try {
    process.kill(parentPid, 0);
  } catch {
    stop();
  }
}, 1_000);
