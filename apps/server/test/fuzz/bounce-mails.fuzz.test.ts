/**
 * Property-based fuzzing of the bounce-mail parser (fast-check), issue 31: `parseDsn` reads .eml files a campaign
 * manager uploads (mail from outside: anyone can send a "bounce"). Generated delivery status notifications (RFC
 * 3464) with random recipients, actions, status codes, folded lines, LF or CRLF, inline or attached status parts,
 * then byte-level damage and random bytes. Properties: a well-formed report is read back exactly (recipients,
 * actions, status codes, the outreach email id); any input settles quickly with a result whose fields keep their
 * invariants (the upload turns a failure into a per-file reason, so nothing may hang or blow up memory); a
 * reference to an outreach email is a lower-case UUID only. Deterministic: fixed seed (FUZZ_SEED), FUZZ_RUNS.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDsn, type ParsedDsn } from '../../src/modules/campaigns/campaigns.bounces.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_127);
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
const params = (numRuns: number) => ({ seed: SEED, numRuns: runs(numRuns), endOnFailure: true });
const CASE_MS = 3_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Parses and checks what holds for any input; returns the result, or null when the parser refused the bytes. */
async function parsed(raw: Buffer): Promise<ParsedDsn | null> {
  const started = Date.now();
  let r: ParsedDsn;
  try {
    r = await parseDsn(raw);
  } catch (e) {
    // uploadBounces reports a refused file by its first line; it must be an Error with a message
    expect(e).toBeInstanceOf(Error);
    expect(String((e as Error).message).length).toBeGreaterThan(0);
    return null;
  } finally {
    expect(Date.now() - started).toBeLessThan(CASE_MS);
  }
  expect(typeof r.isReport).toBe('boolean');
  if (r.emailId !== null) expect(r.emailId).toMatch(UUID);
  for (const x of r.recipients) {
    if (x.recipient !== null) {
      expect(x.recipient).toBe(x.recipient.toLowerCase());
      expect(x.recipient).not.toMatch(/^<|>$|^\s|\s$/);
    }
    expect(x.action).toBe(x.action.toLowerCase());
    expect(x.diagnostic === null || !/^smtp;/i.test(x.diagnostic)).toBe(true);
  }
  // never more recipients than the report has "Action:" fields
  const actions = (raw.toString('latin1').match(/action:/gi) ?? []).length;
  expect(r.recipients.length).toBeLessThanOrEqual(actions);
  return r;
}

const local = fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,15}$/);
const domain = fc.stringMatching(/^[a-z0-9]{1,10}\.(example|test|co\.uk)$/);
const address = fc.tuple(local, domain).map(([l, d]) => `${l}@${d}`);
const recipient = fc.record({
  address,
  action: fc.constantFrom('failed', 'delayed', 'delivered', 'relayed', 'expanded', 'FAILED'),
  status: fc.stringMatching(/^[245]\.[0-9]{1,3}\.[0-9]{1,3}$/),
  diagnostic: fc.option(fc.stringMatching(/^[0-9]{3} [A-Za-z0-9 .]{0,60}$/), { nil: null }),
  fold: fc.boolean(),
  angle: fc.boolean(),
});
const dsn = fc.record({
  recipients: fc.array(recipient, { minLength: 1, maxLength: 6 }),
  emailId: fc.option(fc.uuid(), { nil: null }),
  crlf: fc.boolean(),
  returned: fc.constantFrom('text/rfc822-headers', 'message/rfc822', 'none'),
  noise: fc.array(fc.stringMatching(/^X-[A-Za-z]{1,8}: [ -~]{0,40}$/), { maxLength: 4 }),
});
type TDsn = typeof dsn extends fc.Arbitrary<infer T> ? T : never;

function render(d: TDsn): string {
  const blocks = d.recipients.map((r) =>
    [
      `Final-Recipient: rfc822;${r.fold ? '\n ' : ' '}${r.angle ? `<${r.address}>` : r.address}`,
      `Action: ${r.action}`,
      `Status: ${r.status}`,
      ...(r.diagnostic ? [`Diagnostic-Code: smtp; ${r.diagnostic}`] : []),
    ].join('\n'),
  );
  const lines = [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example>',
    'To: campaigns@sextant.example',
    'Subject: Undelivered Mail Returned to Sender',
    ...d.noise,
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B0UND"',
    '',
    '--B0UND',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'Your message could not be delivered.',
    '',
    '--B0UND',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example',
    '',
    blocks.join('\n\n'),
    '',
    ...(d.returned === 'none'
      ? []
      : [
          '--B0UND',
          `Content-Type: ${d.returned}`,
          '',
          `Message-ID: ${d.emailId ? `<campaign-email-${d.emailId}@sextant.example>` : '<other@elsewhere.example>'}`,
          'Subject: Card payments',
          '',
        ]),
    '--B0UND--',
    '',
  ];
  return lines.join('\n').replace(/\n/g, d.crlf ? '\r\n' : '\n');
}

describe('bounce mails (fuzz)', () => {
  it('reads a well-formed delivery status notification back exactly', async () => {
    await fc.assert(
      fc.asyncProperty(dsn, async (d) => {
        const r = await parsed(Buffer.from(render(d)));
        expect(r).not.toBeNull();
        expect(r!.isReport).toBe(true);
        expect(r!.recipients).toEqual(
          d.recipients.map((x) => ({
            recipient: x.address,
            action: x.action.toLowerCase(),
            status: x.status,
            diagnostic: x.diagnostic?.trim() ?? null, // header values are trimmed
          })),
        );
        expect(r!.emailId).toBe(d.returned !== 'none' && d.emailId ? d.emailId.toLowerCase() : null);
      }),
      params(150),
    );
  });

  it('settles any damaged report with consistent fields', async () => {
    await fc.assert(
      fc.asyncProperty(
        dsn,
        fc.array(fc.record({ at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }), { maxLength: 20 }),
        fc.option(fc.nat(), { nil: null }),
        async (d, edits, cut) => {
          const b = Buffer.from(render(d));
          for (const e of edits) b[e.at % b.length] = e.byte;
          await parsed(cut === null ? b : b.subarray(0, cut % (b.length + 1)));
        },
      ),
      params(150),
    );
  });

  it('settles random bytes and header soup', async () => {
    const soup = fc
      .array(
        fc.oneof(
          fc.constantFrom('Content-Type: multipart/report; report-type=delivery-status; boundary=b\n', '--b\n'),
          fc.constantFrom('Content-Type: message/delivery-status\n\n', 'Action: failed\n', 'Final-Recipient: ;\n'),
          fc.constantFrom('References: <campaign-email-zz@x>\n', 'In-Reply-To: <campaign-email-\n', '\n\n', ' \n'),
          fc.string({ maxLength: 40 }),
        ),
        { maxLength: 80 },
      )
      .map((p) => Buffer.from(p.join('')));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          soup,
          fc.uint8Array({ maxLength: 4096 }).map((u) => Buffer.from(u)),
        ),
        async (raw) => {
          await parsed(raw);
        },
      ),
      params(200),
    );
  });
});
