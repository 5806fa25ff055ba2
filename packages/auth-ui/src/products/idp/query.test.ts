import { describe, expect, it } from 'vitest';
import { parseIdpQuery } from './query.ts';

describe('parseIdpQuery (spec §2 IDP consent query)', () => {
  it('reads an authorize request, splitting scope on spaces and keeping only the optional parameters given', () => {
    expect(parseIdpQuery('?client_id=c&redirect_uri=https%3A%2F%2Fa.example%2Fcb&response_type=code&scope=openid++email&state=s&unknown=x')).toEqual({
      flow: 'authorize',
      client_id: 'c',
      redirect_uri: 'https://a.example/cb',
      response_type: 'code',
      scopes: ['openid', 'email'],
      state: 's',
    });
    expect(parseIdpQuery('?client_id=c&redirect_uri=r&response_type=code')).toMatchObject({ flow: 'authorize', scopes: [] });
  });

  it('chooses logout when post_logout_redirect_uri is present, even with authorize parameters', () => {
    expect(parseIdpQuery('?client_id=c&post_logout_redirect_uri=https%3A%2F%2Fa.example&response_type=code&state=s')).toEqual({
      flow: 'logout',
      client_id: 'c',
      post_logout_redirect_uri: 'https://a.example',
      state: 's',
    });
  });

  it('names the first missing or blank required parameter', () => {
    expect(parseIdpQuery('')).toEqual({ flow: 'missing', param: 'client_id' });
    expect(parseIdpQuery('?client_id=%20&redirect_uri=r&response_type=code')).toEqual({ flow: 'missing', param: 'client_id' });
    expect(parseIdpQuery('?client_id=c&response_type=code')).toEqual({ flow: 'missing', param: 'redirect_uri' });
    expect(parseIdpQuery('?post_logout_redirect_uri=x')).toEqual({ flow: 'missing', param: 'client_id' });
  });
});
