/**
 * What `ss -tnp` shows of one process, read from /proc: its TCP sockets (by the inodes of its file descriptors in
 * /proc/<pid>/fd, found in /proc/<pid>/net/tcp and tcp6) with their ports and state, and how many of its descriptors
 * are something else (files, pipes, eventfds). Linux only.
 */
import { readdir, readFile, readlink } from 'node:fs/promises';

/** One TCP socket of the process. */
export interface ProcessSocket {
  readonly localPort: number;
  readonly remotePort: number;
  /** 'LISTEN', 'ESTABLISHED', 'CLOSE_WAIT', ... */
  readonly state: string;
}

const STATES: Readonly<Record<string, string>> = {
  '01': 'ESTABLISHED', '02': 'SYN_SENT', '03': 'SYN_RECV', '04': 'FIN_WAIT1', '05': 'FIN_WAIT2', '06': 'TIME_WAIT',
  '07': 'CLOSE', '08': 'CLOSE_WAIT', '09': 'LAST_ACK', '0A': 'LISTEN', '0B': 'CLOSING',
};

/** The process's TCP sockets, and the count of its other file descriptors. */
export async function processDescriptors(pid: number): Promise<{ sockets: ProcessSocket[]; others: number }> {
  const inodes = new Set<string>();
  let others = 0;
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => undefined);
    if (link === undefined) continue;
    const socket = /^socket:\[(\d+)\]$/.exec(link);
    if (socket) inodes.add(socket[1]!);
    else others += 1;
  }
  const sockets: ProcessSocket[] = [];
  for (const table of ['tcp', 'tcp6']) {
    const text = await readFile(`/proc/${pid}/net/${table}`, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || !inodes.has(fields[9]!)) continue;
      const port = (address: string): number => Number.parseInt(address.split(':')[1]!, 16);
      sockets.push({ localPort: port(fields[1]!), remotePort: port(fields[2]!), state: STATES[fields[3]!] ?? fields[3]! });
    }
  }
  // A socket of another kind (a Unix socket) counts with the other descriptors.
  return { sockets, others: others + inodes.size - sockets.length };
}
