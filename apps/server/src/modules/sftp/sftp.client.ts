/** A small promise wrapper over ssh2's SFTP client: connect, list a folder, download a file. */
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
  list(folder: string): Promise<RemoteEntry[]>;
  download(remotePath: string, localPath: string): Promise<void>;
  close(): void;
}

export const CONNECT_TIMEOUT_MS = 10_000;

export async function openSftp(c: SftpConnection): Promise<SftpSession> {
  const { default: ssh2 } = await import('ssh2');
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      client.end();
      reject(err);
    };
    client
      .on('ready', () => {
        client.sftp((err, sftp: SFTPWrapper) => {
          if (err) return fail(err);
          settled = true;
          resolve({
            list: (folder) =>
              new Promise((res, rej) =>
                sftp.readdir(folder, (e, list) =>
                  e
                    ? rej(new Error(`Cannot list ${folder}: ${e.message}`))
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
                  e ? rej(new Error(`Cannot download ${remotePath}: ${e.message}`)) : res(),
                ),
              ),
            close: () => client.end(),
          });
        });
      })
      .on('error', (err) => fail(err))
      .on('close', () => fail(new Error('The connection was closed')));
    const config: ConnectConfig = {
      host: c.host,
      port: c.port,
      username: c.username,
      readyTimeout: CONNECT_TIMEOUT_MS,
      ...(c.password ? { password: c.password } : {}),
      ...(c.privateKey ? { privateKey: c.privateKey, ...(c.passphrase ? { passphrase: c.passphrase } : {}) } : {}),
    };
    try {
      client.connect(config);
    } catch (err) {
      fail(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
