import { describe, expect, it } from 'vitest';
import { defaultOutreach, ISSUER_LANGUAGE_KEYS, spendBand } from '@sextant/shared/values';
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
    // a long link (an enrolment token) wraps inside the 600px email instead of widening it
    expect(r.html).toMatch(/<a href="https:\/\/x.test\/e\?a=1&amp;b=2" style="[^"]*word-break:break-all/);
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

describe('every issuer language', () => {
  const en = defaultOutreach('en');
  const sorted = (t: string) => templateFields(t).sort();
  const footerOf = (language: string) =>
    renderBrandedEmail({ branding: null, language, subject: 'S', body: 'B' }).text.split('\n--\n')[1]!.trim();

  for (const lang of ISSUER_LANGUAGE_KEYS) {
    it(`${lang}: the default outreach uses the same merge fields as English, in its own words`, () => {
      const o = defaultOutreach(lang);
      expect(sorted(o.subject)).toEqual(sorted(en.subject));
      expect(sorted(o.body)).toEqual(sorted(en.body));
      expect(o.body).toContain('{{enrolmentLink}}');
      if (lang !== 'en') {
        expect(o.subject).not.toBe(en.subject);
        expect(o.body).not.toBe(en.body);
      }
    });

    it(`${lang}: the email footer names the brand, in its own words`, () => {
      const footer = footerOf(lang);
      expect(footer.trim()).not.toBe('');
      expect(footer).toContain('Sextant');
      if (lang !== 'en') expect(footer).not.toBe(footerOf('en'));
      const html = renderBrandedEmail({ branding: null, language: lang, subject: 'S', body: 'B' }).html;
      expect(html).toContain(`<html lang="${lang}">`);
    });
  }

  it('unknown languages use English', () => {
    expect(defaultOutreach('xx')).toEqual(en);
    expect(defaultOutreach('')).toEqual(en);
    expect(spendBand(5_000, 'EUR', 'xx')).toBe('under 10k EUR');
    expect(footerOf('xx')).toBe('You receive this message on behalf of Sextant.');
  });

  it("the spend band reads in the language's words", () => {
    const words: Record<(typeof ISSUER_LANGUAGE_KEYS)[number], [string, string]> = {
      en: ['under 10k EUR', 'over 1M EUR'],
      de: ['unter 10k EUR', 'über 1M EUR'],
      fr: ['moins de 10k EUR', 'plus de 1M EUR'],
      es: ['menos de 10k EUR', 'más de 1M EUR'],
      it: ['meno di 10k EUR', 'oltre 1M EUR'],
      nl: ['minder dan 10k EUR', 'meer dan 1M EUR'],
      pl: ['mniej niż 10k EUR', 'ponad 1M EUR'],
      pt: ['menos de 10k EUR', 'mais de 1M EUR'],
      sv: ['under 10k EUR', 'över 1M EUR'],
    };
    for (const lang of ISSUER_LANGUAGE_KEYS) {
      expect([spendBand(5_000, 'EUR', lang), spendBand(2_000_000, 'EUR', lang)], lang).toEqual(words[lang]);
      expect(spendBand(50_000, 'EUR', lang), lang).toBe('10k–100k EUR');
    }
    expect(spendBand(500_000, '', 'pl')).toBe('100k–1M');
  });
});
