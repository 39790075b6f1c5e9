import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

// University login's settings: each kind is off until its address is set; a kind set up
// wrongly stops the start with a message naming the variable, never silently half-configured.

describe('university login settings', () => {
  it('leaves every kind off by default, with a campus name in both languages', () => {
    const c = loadConfig({});
    expect([c.oidc, c.cas, c.ldap]).toEqual([undefined, undefined, undefined]);
    expect(c.campusName).toEqual({ zh: '校园账号', en: 'campus account' });
    expect(loadConfig({ CAMPUS_LOGIN_NAME: '统一身份认证' }).campusName).toEqual({ zh: '统一身份认证', en: '统一身份认证' });
    expect(loadConfig({ CAMPUS_LOGIN_NAME: '统一身份认证', CAMPUS_LOGIN_NAME_EN: 'University ID' }).campusName).toEqual({
      zh: '统一身份认证',
      en: 'University ID',
    });
  });

  it('reads each kind with its match rule and defaults', () => {
    expect(loadConfig({ OIDC_ISSUER_URL: 'https://id.example.edu/realms/x/', OIDC_CLIENT_ID: 'lab' }).oidc).toMatchObject({
      issuerUrl: 'https://id.example.edu/realms/x',
      clientSecret: undefined,
      scopes: 'openid profile email',
      match: { field: 'username', attribute: 'preferred_username' },
    });
    expect(loadConfig({ CAS_URL: 'https://cas.example.edu/cas', CAS_MATCH: 'EMAIL' }).cas?.match).toEqual({ field: 'email', attribute: 'mail' });
    expect(loadConfig({ LDAP_URL: 'ldaps://ldap.example.edu', LDAP_BASE: 'dc=example,dc=edu' }).ldap).toMatchObject({
      filter: '(uid={username})',
      userDn: undefined,
      match: { field: 'username', attribute: 'uid' },
    });
    expect(loadConfig({ LDAP_URL: 'ldap://127.0.0.1:389', LDAP_USER_DN: 'uid={username},ou=people,dc=x', LDAP_MATCH: 'uid' }).ldap?.match).toEqual({
      field: 'uid',
      attribute: 'employeeNumber',
    });
  });

  it('refuses to start half-configured, naming the variable', () => {
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://id.example.edu' })).toThrow(/OIDC_CLIENT_ID/);
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'id.example.edu', OIDC_CLIENT_ID: 'x' })).toThrow(/OIDC_ISSUER_URL/);
    expect(() => loadConfig({ CAS_URL: 'https://cas', CAS_MATCH: 'name' })).toThrow(/CAS_MATCH/);
    expect(() => loadConfig({ CAS_URL: 'https://cas', CAS_ATTRIBUTE: 'a b' })).toThrow(/CAS_ATTRIBUTE/);
    expect(() => loadConfig({ LDAP_URL: 'http://ldap' })).toThrow(/LDAP_URL/);
    expect(() => loadConfig({ LDAP_URL: 'ldap://ldap' })).toThrow(/LDAP_USER_DN or LDAP_BASE|LDAP_USER_DN/);
    expect(() => loadConfig({ LDAP_URL: 'ldap://ldap', LDAP_USER_DN: 'uid=x,dc=y' })).toThrow(/\{username\}/);
    expect(() => loadConfig({ LDAP_URL: 'ldap://ldap', LDAP_BASE: 'dc=y', LDAP_FILTER: '(uid=*)' })).toThrow(/LDAP_FILTER/);
  });
});
