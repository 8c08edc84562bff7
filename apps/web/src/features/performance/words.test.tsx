import { EXIT_KIND_LABELS, HYPOTHETICAL_RESULTS_NOTICE } from '@t0/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { catalogueT } from '../../lib/i18n/english';
import ar from '../../locales/ar/record.json';
import english from '../../locales/en/record.json';
import es from '../../locales/es/record.json';
import { Marked } from './Marked';

describe("the record's words", () => {
  it('are in English the notices the contracts write (the CSV carries them too)', () => {
    expect(english['page.hypothetical']).toBe(HYPOTHETICAL_RESULTS_NOTICE);
    const keys = {
      target: 'exit.target',
      stop: 'exit.stop',
      stop_at_entry: 'exit.stopAtEntry',
      manual: 'exit.manual',
      withdrawn: 'exit.withdrawn',
      expired: 'exit.expired',
    } as const;
    for (const [kind, key] of Object.entries(keys))
      expect(english[key], kind).toBe(EXIT_KIND_LABELS[kind as keyof typeof keys]);
  });

  it('keep the same marks (<b>, <code>) in every language, and Marked draws them', () => {
    const marks = (text: string) => (text.match(/<\/?(b|code)>/g) ?? []).join('');
    for (const [key, text] of Object.entries(english)) {
      expect(marks((es as Record<string, string>)[key]!), `es ${key}`).toBe(marks(text));
      expect(marks((ar as Record<string, string>)[key]!), `ar ${key}`).toBe(marks(text));
    }
    const t = catalogueT('es', { record: es });
    expect(renderToStaticMarkup(<Marked text={t('record:formulas.profitFactor')} />)).toBe(
      '<b>Factor de beneficio</b> = suma de R ganadores ÷ |suma de R perdedores| (∞ mientras no haya pérdidas).',
    );
    expect(renderToStaticMarkup(<Marked text="a <code>GET /x</code> b <b>c</b>" />)).toBe(
      'a <code>GET /x</code> b <b>c</b>',
    );
  });
});
