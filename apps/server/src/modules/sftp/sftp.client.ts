/**
 * A small promise wrapper over ssh2's SFTP client: connect, list a folder, download a file — with the guards of issue
 * #31: the host name is resolved first and an address on a loopback, link-local or private network is refused
 * unless the operator allows it (SFTP_ALLOW_PRIVATE_HOSTS), the connection goes to the checked address (no second
 * lookup to rebind), the server's host key must match the pinned fingerprint when there is one, and every failure is
 * summarised (no verbatim socket or server errors, which made the connection test a port scanner).
 */
import { createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
// ssh2 is CommonJS: its named exports are not visible to Node's ESM loader, so take them from the default. Loaded on
// first use: a server start needs none of it.
import type { ConnectConfig, SFTPWrapper } from 'ssh2';

export interface SftpConnection {
  host: string;
  port: number;
  username: string;
  password?: string | undefined;
  privateKey?: string | undefined;
  passphrase?: string | undefined;
}

export interface RemoteEntry {
  name: string;
  size: number;
  modifiedAt: Date;
  isFile: boolean;
}

export interface SftpSession {
  /** The OpenSSH fingerprint ("SHA256:…") of the host key the server presented. */
  hostKey: string;
  list(folder: string): Promise<RemoteEntry[]>;
  download(remotePath: string, localPath: string): Promise<void>;
  close(): void;
}

export interface SftpGuards {
  /** Loopback, link-local and private addresses are allowed (SFTP_ALLOW_PRIVATE_HOSTS). */
  allowPrivate: boolean;
  /** The pinned host key; null when none is pinned yet (the first connection pins it). */
  expectedHostKey: string | null;
}

export type SftpFailureKind = 'unresolved' | 'private' | 'unreachable' | 'hostKey' | 'auth' | 'folder' | 'download';

/** A failure summarised for the operator: what went wrong, never the socket or server's own words. */
export class SftpFailure extends Error {
  constructor(
    readonly kind: SftpFailureKind,
    message: string,
    /** The host key the server presented, when the handshake got that far. */
    readonly presentedHostKey?: string,
  ) {
    super(message);
  }
}

export const CONNECT_TIMEOUT_MS = 10_000;

/** Address ranges an SFTP source may reach only with SFTP_ALLOW_PRIVATE_HOSTS. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is on a loopback, link-local or private network (IPv4-mapped IPv6 as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family === 6) return PRIVATE.check(address, 'ipv6');
  return true;
}

/** The OpenSSH form of a host key's fingerprint: "SHA256:" and the unpadded base64 of its SHA-256. */
export const fingerprintOf = (key: Buffer) =>
  `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

const UNREACHABLE = 'The server could not be reached, or did not answer as an SFTP server';

/** The address to connect to: the host resolved once, refused when private and not allowed. */
async function addressOf(host: string, allowPrivate: boolean): Promise<string> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else
    try {
      addresses = (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw new SftpFailure('unresolved', `The host name ${host} could not be resolved`);
    }
  if (!allowPrivate && addresses.some(isPrivateAddress))
    throw new SftpFailure(
      'private',
      `${host} is on a loopback, link-local or private network: SFTP sources connect to such addresses only when the server's operator allows it (SFTP_ALLOW_PRIVATE_HOSTS)`,
    );
  if (!addresses[0]) throw new SftpFailure('unresolved', `The host name ${host} could not be resolved`);
  return addresses[0];
}

export async function openSftp(c: SftpConnection, guards: SftpGuards): Promise<SftpSession> {
  const address = await addressOf(c.host, guards.allowPrivate);
  const { default: ssh2 } = await import('ssh2');
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    let settled = false;
    let presented: string | undefined;
    const fail = (err: SftpFailure) => {
      if (settled) return;
      settled = true;
      client.end();
      reject(err);
    };
    const summarise = (err: Error & { level?: string }): SftpFailure => {
      if (presented && guards.expectedHostKey && presented !== guards.expectedHostKey)
        return new SftpFailure(
          'hostKey',
          `The server presented the host key ${presented}, not the pinned ${guards.expectedHostKey}: the connection was refused. If the server's key was changed on purpose, a manager accepts the new key on the source.`,
          presented,
        );
      if (err.level === 'client-authentication')
        return new SftpFailure(
          'auth',
          'The server refused the sign-in: check the user name and the password or key',
          presented,
        );
      return new SftpFailure('unreachable', UNREACHABLE, presented);
    };
    client
      .on('ready', () => {
        client.sftp((err, sftp: SFTPWrapper) => {
          if (err) return fail(new SftpFailure('unreachable', UNREACHABLE));
          settled = true;
          resolve({
            hostKey: presented!,
            list: (folder) =>
              new Promise((res, rej) =>
                sftp.readdir(folder, (e, list) =>
                  e
                    ? rej(
                        new SftpFailure(
                          'folder',
                          `The folder ${folder} cannot be listed: it does not exist or is not readable`,
                        ),
                      )
                    : res(
                        list.map((f) => ({
                          name: f.filename,
                          size: f.attrs.size,
                          modifiedAt: new Date(f.attrs.mtime * 1000),
                          isFile: (f.attrs.mode & 0o170000) === 0o100000,
                        })),
                      ),
                ),
              ),
            download: (remotePath, localPath) =>
              new Promise((res, rej) =>
                sftp.fastGet(remotePath, localPath, (e) =>
                  e ? rej(new SftpFailure('download', `The file ${remotePath} could not be downloaded`)) : res(),
                ),
              ),
            close: () => client.end(),
          });
        });
      })
      .on('error', (err) => fail(summarise(err)))
      .on('close', () => fail(summarise(new Error('closed'))));
    const config: ConnectConfig = {
      host: address,
      port: c.port,
      username: c.username,
      readyTimeout: CONNECT_TIMEOUT_MS,
      hostVerifier: (key: Buffer) => {
        presented = fingerprintOf(key);
        return guards.expectedHostKey === null || presented === guards.expectedHostKey;
      },
      ...(c.password ? { password: c.password } : {}),
      ...(c.privateKey ? { privateKey: c.privateKey, ...(c.passphrase ? { passphrase: c.passphrase } : {}) } : {}),
    };
    try {
      client.connect(config);
    } catch {
      fail(new SftpFailure('unreachable', UNREACHABLE));
    }
  });
}
