import { describe, expect, it } from 'vitest';
import { renderBrandedEmail, templateFields } from './email-template.ts';

describe('renderBrandedEmail', () => {
  const branding = {
    brandingDisplayName: 'Acme Bank',
    theme: 'mastercard',
    emailSenderName: 'Acme "Payments"',
    emailSenderAddress: 'pay@acme.test',
  };

  it('merges fields in subject and body, escapes HTML and keeps unknown fields', () => {
    const r = renderBrandedEmail({
      branding,
      language: 'de',
      subject: 'Hello {{supplierName}}\nBcc: x',
      body: 'Dear {{ supplierName }},\n\nvisit https://x.test/e?a=1&b=2 {{missing}}',
      fields: { supplierName: '<Smith & Co>' },
    });
    expect(r.subject).toBe('Hello <Smith & Co> Bcc: x');
    expect(r.text).toContain('Dear <Smith & Co>,');
    expect(r.text).toContain('{{missing}}');
    expect(r.text).toContain('im Auftrag von Acme Bank');
    expect(r.html).toContain('Dear &lt;Smith &amp; Co&gt;,');
    expect(r.html).not.toContain('<Smith');
    expect(r.html).toContain('href="https://x.test/e?a=1&amp;b=2"');
    expect(r.html).toContain('#C2410C');
    expect(r.from).toBe('"Acme Payments" <pay@acme.test>');
  });

  it('falls back to the default theme and no sender without branding', () => {
    const r = renderBrandedEmail({ branding: null, language: 'xx', subject: 'S', body: 'B' });
    expect(r.from).toBeUndefined();
    expect(r.html).toContain('#1D4ED8');
    expect(r.text).toContain('on behalf of Sextant');
  });

  it('lists the fields a template uses', () => {
    expect(templateFields('{{a}} {{ b }} {{a}}')).toEqual(['a', 'b']);
  });
});
