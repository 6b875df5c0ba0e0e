/**
 * A real SFTP server on loopback for tests (ssh2's Server): password or public-key sign-in, an in-memory folder
 * tree, and the SFTP requests a client needs to list folders and download files (REALPATH, STAT, OPENDIR, READDIR,
 * OPEN, FSTAT, READ, CLOSE). Every other request answers "operation unsupported".
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import ssh2, { type Connection, type SFTPWrapper } from 'ssh2';

const { Server, utils } = ssh2;

const { STATUS_CODE } = utils.sftp;

export interface TestSftpServer {
  port: number;
  /** Every password a client offered (to show that a secret reached, or never reached, this server). */
  passwordsSeen: string[];
  /** The server's host key fingerprint, in the OpenSSH "SHA256:…" form. */
  hostKeyFingerprint: string;
  /** Adds or replaces a file (path with a leading slash). */
  put(path: string, content: string | Buffer, mtime?: Date): void;
  close(): Promise<void>;
}

const DIR = 0o040755;
const FILE = 0o100644;

export async function startSftpServer(opts: {
  username: string;
  password?: string;
  /** OpenSSH public key accepted for public-key sign-in. */
  publicKey?: string;
  /** Listen on this port (e.g. an impostor in place of a closed server); any free port by default. */
  port?: number;
}): Promise<TestSftpServer> {
  const passwordsSeen: string[] = [];
  const hostKey = utils.generateKeyPairSync('ed25519');
  const files = new Map<string, { content: Buffer; mtime: number }>();
  const allowedKey = opts.publicKey ? utils.parseKey(opts.publicKey) : null;
  if (allowedKey instanceof Error) throw allowedKey;
  const clients = new Set<Connection>();

  const dirs = () => {
    const out = new Set<string>(['/']);
    for (const p of files.keys()) {
      const parts = p.split('/').slice(1, -1);
      for (let i = 1; i <= parts.length; i++) out.add(`/${parts.slice(0, i).join('/')}`);
    }
    return out;
  };
  const norm = (p: string) => {
    const n = `/${p.split('/').filter(Boolean).join('/')}`;
    return n;
  };
  const attrsOf = (mode: number, size: number, mtime: number) => ({ mode, uid: 0, gid: 0, size, atime: mtime, mtime });

  const serveSftp = (sftp: SFTPWrapper) => {
    const handles = new Map<number, { kind: 'dir'; path: string; done: boolean } | { kind: 'file'; path: string }>();
    let next = 1;
    const handle = (v: Parameters<typeof handles.set>[1]) => {
      const id = next++;
      handles.set(id, v);
      const b = Buffer.alloc(4);
      b.writeUInt32BE(id);
      return b;
    };
    const get = (b: Buffer) => handles.get(b.readUInt32BE(0));
    sftp
      .on('REALPATH', (id, p) => {
        const n = norm(p === '.' ? '/' : p);
        sftp.name(id, [{ filename: n, longname: n, attrs: attrsOf(DIR, 0, 0) }]);
      })
      .on('STAT', stat)
      .on('LSTAT', stat)
      .on('OPENDIR', (id, p) => {
        const n = norm(p);
        if (!dirs().has(n)) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE, `No such folder: ${n}`);
        sftp.handle(id, handle({ kind: 'dir', path: n, done: false }));
      })
      .on('READDIR', (id, h) => {
        const d = get(h);
        if (!d || d.kind !== 'dir') return sftp.status(id, STATUS_CODE.FAILURE);
        if (d.done) return sftp.status(id, STATUS_CODE.EOF);
        d.done = true;
        const prefix = d.path === '/' ? '/' : `${d.path}/`;
        const entries = [...files.entries()]
          .filter(([p]) => p.startsWith(prefix) && !p.slice(prefix.length).includes('/'))
          .map(([p, f]) => {
            const name = p.slice(prefix.length);
            return { filename: name, longname: name, attrs: attrsOf(FILE, f.content.length, f.mtime) };
          });
        const sub = [...dirs()]
          .filter((p) => p !== d.path && p.startsWith(prefix) && !p.slice(prefix.length).includes('/'))
          .map((p) => ({ filename: p.slice(prefix.length), longname: p, attrs: attrsOf(DIR, 0, 0) }));
        sftp.name(id, [...entries, ...sub]);
      })
      .on('OPEN', (id, p) => {
        const n = norm(p);
        if (!files.has(n)) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE, `No such file: ${n}`);
        sftp.handle(id, handle({ kind: 'file', path: n }));
      })
      .on('FSTAT', (id, h) => {
        const f = get(h);
        const file = f?.kind === 'file' ? files.get(f.path) : undefined;
        if (!file) return sftp.status(id, STATUS_CODE.FAILURE);
        sftp.attrs(id, attrsOf(FILE, file.content.length, file.mtime));
      })
      .on('READ', (id, h, offset, length) => {
        const f = get(h);
        const file = f?.kind === 'file' ? files.get(f.path) : undefined;
        if (!file) return sftp.status(id, STATUS_CODE.FAILURE);
        if (offset >= file.content.length) return sftp.status(id, STATUS_CODE.EOF);
        sftp.data(id, file.content.subarray(offset, offset + length));
      })
      .on('CLOSE', (id, h) => {
        handles.delete(h.readUInt32BE(0));
        sftp.status(id, STATUS_CODE.OK);
      });
    for (const op of [
      'WRITE',
      'REMOVE',
      'RENAME',
      'MKDIR',
      'RMDIR',
      'SETSTAT',
      'FSETSTAT',
      'READLINK',
      'SYMLINK',
    ] as const)
      sftp.on(op as 'WRITE', (id: number) => sftp.status(id, STATUS_CODE.OP_UNSUPPORTED));

    function stat(id: number, p: string) {
      const n = norm(p);
      const f = files.get(n);
      if (f) return sftp.attrs(id, attrsOf(FILE, f.content.length, f.mtime));
      if (dirs().has(n)) return sftp.attrs(id, attrsOf(DIR, 0, 0));
      sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
    }
  };

  const server = new Server({ hostKeys: [hostKey.private] }, (client) => {
    clients.add(client);
    client
      .on('authentication', (ctx) => {
        if (ctx.method === 'password') passwordsSeen.push(ctx.password);
        if (ctx.username !== opts.username) return ctx.reject();
        if (ctx.method === 'password' && opts.password && ctx.password === opts.password) return ctx.accept();
        if (ctx.method === 'publickey' && allowedKey && ctx.key.algo === allowedKey.type) {
          if (!ctx.key.data.equals(allowedKey.getPublicSSH())) return ctx.reject();
          if (!ctx.signature) return ctx.accept(); // the key check before the signature
          if (allowedKey.verify(ctx.blob!, ctx.signature, ctx.hashAlgo) === true) return ctx.accept();
        }
        ctx.reject();
      })
      .on('ready', () => {
        client.on('session', (accept) => {
          accept().on('sftp', (acceptSftp) => serveSftp(acceptSftp()));
        });
      })
      .on('error', () => undefined)
      .on('close', () => clients.delete(client));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const publicHostKey = utils.parseKey(hostKey.public);
  if (publicHostKey instanceof Error) throw publicHostKey;
  return {
    port: (server.address() as AddressInfo).port,
    passwordsSeen,
    hostKeyFingerprint: `SHA256:${createHash('sha256').update(publicHostKey.getPublicSSH()).digest('base64').replace(/=+$/, '')}`,
    put(path, content, mtime = new Date()) {
      files.set(norm(path), { content: Buffer.from(content), mtime: Math.floor(mtime.getTime() / 1000) });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of clients) c.end();
        server.close(() => resolve());
      }),
  };
}
