import { describe, expect, it } from 'vitest';
import type { QuoteView } from '#domain/views.ts';
import { clashingFields } from '../../pwa/components/admin/quotes/QuoteConflict.tsx';
import { editedFields } from '../../pwa/offline/admin-quote-commands.ts';
import type { QuoteEdit } from '../../pwa/offline/admin-quote-commands.ts';

const shown = { estimatedCost: '450', scope: 'New board', quoteStatus: 'quoted', priority: 'medium', followUpDate: null, notes: null };
const form = (over: Partial<QuoteEdit> = {}): QuoteEdit => ({ estimatedCost: '450', scope: 'New board', quoteStatus: 'quoted', priority: 'medium', followUpDate: '', notes: '', ...over });

describe('what a quote edit sends (editedFields)', () => {
  it('sends nothing for the price written another way: £450.00 is the 450 shown', () => {
    expect(editedFields(shown, form({ estimatedCost: '£450.00' }))).toEqual({});
    expect(editedFields(shown, form({ estimatedCost: ' 450.0 ' }))).toEqual({});
  });

  it('sends a new price, a price taken away, and the other fields changed, as typed', () => {
    expect(editedFields(shown, form({ estimatedCost: '£475' }))).toEqual({ estimatedCost: '£475' });
    expect(editedFields(shown, form({ estimatedCost: '', notes: 'Ring first' }))).toEqual({ estimatedCost: '', notes: 'Ring first' });
    expect(editedFields({ ...shown, estimatedCost: 'from 450' }, form({ estimatedCost: 'from 450' }))).toEqual({});
  });
});

describe('which fields of an edit clash with the quote on the server (clashingFields)', () => {
  const theirs = { ...shown, estimatedCost: '450.00', notes: 'Tablet notes' } as unknown as QuoteView;

  it('does not count the same price written another way as a clash', () => {
    expect(clashingFields({ estimatedCost: '450', notes: 'Phone notes' }, theirs, ['estimatedCost', 'notes'])).toEqual(['notes']);
  });

  it('counts another amount as one', () => {
    expect(clashingFields({ estimatedCost: '500' }, theirs, ['estimatedCost'])).toEqual(['estimatedCost']);
  });
});
