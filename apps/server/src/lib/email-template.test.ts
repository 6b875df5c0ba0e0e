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
    expect(spendBand(5_000, 'EUR', 'xx')).toBe('under €10k');
    expect(footerOf('xx')).toBe('You receive this message on behalf of Sextant.');
  });

  it("the spend band reads in the language's words, its amounts as that language writes money (issue #33)", () => {
    const nb = (x: string) => x.replace(/_/g, '\u00a0'); // "_": the no-break spaces Intl writes
    const bands: Record<(typeof ISSUER_LANGUAGE_KEYS)[number], [string, string, string]> = {
      en: ['under €10k', '€10–100k', 'over €1m'],
      de: ['unter 10.000_€', '10.000–100.000_€', 'über 1_Mio._€'],
      fr: ['moins de 10_k_€', '10–100_k_€', 'plus de 1_M_€'],
      es: ['menos de 10_mil_€', '10-100_mil_€', 'más de 1_M_€'],
      it: ['meno di 10K_€', '10-100K_€', 'oltre 1_Mln_€'],
      nl: ['minder dan €_10K', '€_10-100K', 'meer dan €_1_mln.'],
      pl: ['mniej niż 10_tys._€', '10–100_tys._€', 'ponad 1_mln_€'],
      pt: ['menos de €_10_mil', '€_10–100_mil', 'mais de €_1_mi'],
      sv: ['under 10_tn_€', '10–100_tn_€', 'över 1_mn_€'],
    };
    for (const lang of ISSUER_LANGUAGE_KEYS)
      expect(
        [spendBand(5_000, 'EUR', lang), spendBand(50_000, 'EUR', lang), spendBand(2_000_000, 'EUR', lang)],
        lang,
      ).toEqual(bands[lang].map(nb));
    expect(spendBand(500_000, 'GBP', 'en')).toBe('£100k – £1m');
    expect(spendBand(500_000, 'EUR', 'de')).toBe(nb('100.000_€ – 1_Mio._€'));
    expect(spendBand(500_000, '', 'pl')).toBe(nb('100_tys. – 1_mln'));
  });
});
