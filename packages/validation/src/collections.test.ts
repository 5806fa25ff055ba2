import { describe, expect, it } from 'vitest';
import { brandingSchema, collectionFormSchema, collectionMessages, collectionMetadataSchema, socialLinksSchema, twitterHandleSchema } from './collections.ts';

function messages(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string[] {
  return result.success ? [] : result.error!.issues.map((issue) => issue.message);
}

describe('collection metadata (spec §5)', () => {
  it('accepts a full metadata object and normalises its URL and symbol', () => {
    const parsed = collectionMetadataSchema.parse({ name: 'Tickets', description: 'Entry', imageUrl: 'http://cdn.example.com/t.png', symbol: 'tix' });
    expect(parsed).toEqual({ name: 'Tickets', description: 'Entry', imageUrl: 'https://cdn.example.com/t.png', symbol: 'TIX' });
  });

  it('words the failures as the spec does', () => {
    expect(messages(collectionMetadataSchema.safeParse({ name: '   ', description: '', imageUrl: '/x.png' }))).toEqual([
      collectionMessages.nameEmpty,
      collectionMessages.descriptionEmpty,
      collectionMessages.imageUrl,
    ]);
    expect(collectionMessages.nameEmpty).toBe('Name cannot be empty');
    expect(collectionMessages.descriptionEmpty).toBe('Description cannot be empty');
    expect(collectionMessages.imageUrl).toBe('Image url should be a valid url, starting with https://');
  });

  it('holds the length limits: 100 for the name, 500 for the description', () => {
    expect(collectionMetadataSchema.safeParse({ name: 'n'.repeat(100), description: 'd'.repeat(500) }).success).toBe(true);
    expect(messages(collectionMetadataSchema.safeParse({ name: 'n'.repeat(101), description: 'd'.repeat(501) }))).toEqual([
      collectionMessages.nameTooLong,
      collectionMessages.descriptionTooLong,
    ]);
  });

  it('allows an empty image URL and refuses a symbol with punctuation', () => {
    expect(collectionMetadataSchema.parse({ name: 'a', description: 'b', imageUrl: '' }).imageUrl).toBe('');
    expect(messages(collectionMetadataSchema.safeParse({ name: 'a', description: 'b', symbol: 'T-X' }))).toEqual([collectionMessages.symbol]);
  });
});

describe('social links', () => {
  it('takes a Twitter/X handle with or without @, or a profile URL, and keeps the bare handle', () => {
    for (const [input, handle] of [
      ['keepsake_hq', 'keepsake_hq'],
      ['@keep', 'keep'],
      ['https://twitter.com/keepsake_hq', 'keepsake_hq'],
      ['https://x.com/@Keepsake/', 'Keepsake'],
      ['x.com/keepsake', 'keepsake'],
      ['', ''],
    ]) {
      expect(twitterHandleSchema.parse(input), input).toBe(handle);
    }
  });

  it('refuses handles that are too short, too long or have other characters', () => {
    for (const bad of ['abc', 'a'.repeat(16), 'keep sake', 'keep-sake', 'https://example.com/keepsake', '@@keepsake']) {
      expect(messages(twitterHandleSchema.safeParse(bad)), bad).toEqual(['Please enter a valid Twitter/X handle']);
    }
  });

  it('answers Invalid URL for a bad website or Discord link', () => {
    expect(messages(socialLinksSchema.safeParse({ website: 'not a url', discord: 'discord.gg/x' }))).toEqual(['Invalid URL', 'Invalid URL']);
    expect(socialLinksSchema.parse({ website: 'http://keepsake.example', discord: 'https://discord.gg/abc' })).toEqual({
      website: 'https://keepsake.example/',
      discord: 'https://discord.gg/abc',
    });
  });
});

describe('branding', () => {
  it('takes #RRGGBB colors and an image URL for the banner', () => {
    expect(brandingSchema.parse({ bannerUrl: 'https://example.com/b.png', primaryColor: '#AA00ff', backgroundColor: '' })).toEqual({
      bannerUrl: 'https://example.com/b.png',
      primaryColor: '#aa00ff',
      backgroundColor: '',
    });
    expect(messages(brandingSchema.safeParse({ primaryColor: 'red' }))).toEqual([collectionMessages.color]);
  });
});

describe('the console collection form', () => {
  const valid = { title: 'Tickets', description: 'Entry', imageUrl: '', symbol: '', chain: 'devnet', fungibility: 'non-fungible', supplyLimit: '' };

  it('reads an empty supply limit as none and a number as the limit', () => {
    expect(collectionFormSchema.parse(valid).supplyLimit).toBeUndefined();
    expect(collectionFormSchema.parse({ ...valid, supplyLimit: '250' }).supplyLimit).toBe(250);
  });

  it('refuses a fractional or zero supply limit, an empty title and a bad symbol', () => {
    expect(messages(collectionFormSchema.safeParse({ ...valid, supplyLimit: '1.5' }))).toEqual([collectionMessages.supplyLimit]);
    expect(messages(collectionFormSchema.safeParse({ ...valid, supplyLimit: '0' }))).toEqual([collectionMessages.supplyLimit]);
    expect(messages(collectionFormSchema.safeParse({ ...valid, title: '', symbol: 'a b' }))).toEqual([collectionMessages.nameEmpty, collectionMessages.symbol]);
  });
});
